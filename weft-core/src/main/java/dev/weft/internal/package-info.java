/** Implementation details shared by the layers; not exported. */
package dev.weft.internal;
