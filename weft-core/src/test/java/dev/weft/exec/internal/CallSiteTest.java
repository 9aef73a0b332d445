package dev.weft.exec.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The call site of a blocked poll is the topmost frame outside Weft and the JDK. */
class CallSiteTest {
    private static StackTraceElement frame(String cls, String method, int line) {
        return new StackTraceElement(cls, method, cls.substring(cls.lastIndexOf('.') + 1) + ".java", line);
    }

    @Test
    void theTopmostUserFrameAboveTheJdkAndWeftIsTheCallSite() {
        StackTraceElement[] stack = {
                frame("java.lang.Thread", "sleep", 540),
                frame("dev.weft.future.Map", "poll", 30),
                frame("com.example.MyServer", "handle", 42),
                frame("dev.weft.Weft", "await", 70),
                frame("com.example.MyServer", "main", 10),
        };
        assertThat(CallSite.of(stack, stack.length)).isEqualTo(stack[2]);
    }

    @Test
    void theExamplesAndTestPackagesUnderDevWeftAreUserCode() {
        assertThat(CallSite.isWeft("dev.weft.examples.echo.WovenEchoServer")).isFalse();
        assertThat(CallSite.isWeft("dev.weft.diag.BlockedWorkerChecks")).isFalse();
        assertThat(CallSite.isWeft("dev.weft.task.internal.RawTask")).isTrue();
        assertThat(CallSite.isWeft("dev.weft.Weft")).isTrue();
    }

    @Test
    void withNoUserFrameTheTopmostWeftFrameIsTheCallSite() {
        StackTraceElement[] stack = {frame("jdk.internal.misc.Unsafe", "park", 1), frame("dev.weft.sync.Mutex", "lock", 9)};
        assertThat(CallSite.of(stack, stack.length)).isEqualTo(stack[1]);
    }
}
