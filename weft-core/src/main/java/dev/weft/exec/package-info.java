/**
 * Running futures: {@link dev.weft.exec.BlockOn} (run one future on the calling thread).
 */
package dev.weft.exec;
