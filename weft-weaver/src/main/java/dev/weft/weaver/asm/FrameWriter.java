package dev.weft.weaver.asm;

import org.objectweb.asm.ClassWriter;

/** A {@link ClassWriter} that computes frames with a {@link Hierarchy} instead of loading classes. */
final class FrameWriter extends ClassWriter {
    private final Hierarchy hierarchy;

    FrameWriter(Hierarchy hierarchy) {
        super(COMPUTE_FRAMES);
        this.hierarchy = hierarchy;
    }

    @Override
    protected String getCommonSuperClass(String a, String b) {
        return hierarchy.commonSuperClass(a, b);
    }
}
