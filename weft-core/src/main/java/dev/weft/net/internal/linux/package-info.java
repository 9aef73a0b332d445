/**
 * The Linux system calls both native pollers make, through the Foreign Function and Memory API;
 * not exported.
 *
 * <ul>
 *   <li>{@link dev.weft.net.internal.linux.Libc}: the C library functions (sockets, epoll,
 *       eventfd) bound once, {@code errno} captured per call.</li>
 *   <li>{@link dev.weft.net.internal.linux.Errno}: the error numbers acted on, and the exception
 *       each becomes (the JDK's classes for the same errors).</li>
 *   <li>{@link dev.weft.net.internal.linux.SockAddr}: {@code sockaddr_in} / {@code sockaddr_in6}.</li>
 *   <li>{@link dev.weft.net.internal.linux.NativeSockets}: addresses and socket options, through a
 *       {@link dev.weft.net.internal.linux.SocketFd} guard.</li>
 * </ul>
 */
package dev.weft.net.internal.linux;
