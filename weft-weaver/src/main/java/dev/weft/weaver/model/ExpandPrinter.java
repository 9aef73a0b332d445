package dev.weft.weaver.model;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Prints {@link StateMachine}s as readable Java-like code: the state class with its fields and
 * {@code poll} as a {@code switch} over the states, each with its source lines (what
 * {@code cargo expand} shows for a Rust {@code async fn}). It prints from the model, not through a decompiler.
 */
public final class ExpandPrinter {
    private final boolean bytecode;

    /** @param bytecode add each state's instructions */
    public ExpandPrinter(boolean bytecode) {
        this.bytecode = bytecode;
    }

    /**
     * @param machines the bodies to print
     * @return the text, one block per body
     */
    public String print(List<StateMachine> machines) {
        StringBuilder out = new StringBuilder();
        for (StateMachine m : machines) {
            if (out.length() > 0) out.append('\n');
            print(m, out);
        }
        return out.toString();
    }

    private void print(StateMachine m, StringBuilder out) {
        String where = m.sourceFile() == null ? "" : " (" + m.sourceFile() + ")";
        out.append("// woven from ").append(m.ownerClass()).append('.').append(m.bodyMethod()).append(where)
                .append('\n');
        out.append("final class ").append(simple(m.stateClass())).append(" extends WovenFuture<")
                .append(m.outputType()).append("> {   // ").append(m.bytesPerObject())
                .append(" bytes per object\n");
        out.append("    // inherited: Future<?> child (the awaited future while suspended), byte phase "
                + "(RUNNING, CANCELLING, DONE, POISONED)\n");
        int width = 0;
        for (StateMachine.Field f : m.fields()) width = Math.max(width, declaration(f).length());
        for (StateMachine.Field f : m.fields()) {
            String d = declaration(f);
            out.append("    ").append(d).append(" ".repeat(width - d.length())).append("   // ").append(f.role());
            if (!f.liveIn().isEmpty()) out.append(", live in ").append(states(f.liveIn()));
            out.append('\n');
        }
        out.append('\n');
        out.append("    Poll<").append(m.outputType()).append("> poll(Context cx) {   // ")
                .append(m.states().size()).append(" states\n");
        out.append("        switch (label) {\n");
        for (StateMachine.State s : m.states()) printState(m, s, out);
        out.append("        }\n");
        out.append("        // after return or throw: DONE / POISONED, and poll throws IllegalStateException\n");
        out.append("    }\n");
        out.append("}\n");
    }

    private void printState(StateMachine m, StateMachine.State s, StringBuilder out) {
        String file = m.sourceFile() == null ? "line " : m.sourceFile() + ":";
        out.append("            case ").append(s.label()).append(": ");
        if (s.label() == 0) {
            out.append("// start\n");
        } else {
            out.append("// resume at the await on ").append(file).append(s.awaitLine()).append('\n');
            out.append("                ").append(s.restores().isEmpty() ? "// nothing to restore"
                    : "restore " + String.join(", ", s.restores())).append(";\n");
            out.append(s.yield()
                    ? "                v = null;   // a yield: await(Future.yieldNow()) woke the task and suspended, no future made\n"
                    : "                v = child.poll(cx);   // poll the child again, inline\n");
        }
        out.append("                // runs ").append(lines(file, s.lines())).append('\n');
        if (s.next().isEmpty()) {
            out.append("                // ends: return or throw\n");
        } else {
            out.append("                // at each await: poll the child inline; if pending, spill and "
                    + "return Pending as state ").append(states(s.next())).append('\n');
        }
        if (bytecode) {
            for (String insn : s.bytecode()) out.append("                //   ").append(insn).append('\n');
        }
    }

    private static String declaration(StateMachine.Field f) {
        return f.type().javaName() + " " + f.name() + ";";
    }

    private static String states(List<Integer> states) {
        return states.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    private static String lines(String file, List<Integer> lines) {
        if (lines.isEmpty()) return "no source lines";
        return file + lines.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }

    private static String simple(String binaryName) {
        int dot = binaryName.lastIndexOf('.');
        return dot < 0 ? binaryName : binaryName.substring(dot + 1);
    }
}
