package dev.weft.weaver.diff;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.Weft;
import dev.weft.coro.WovenFuture;
import dev.weft.future.Future;
import dev.weft.weaver.diff.bodies.LambdaChoices;
import dev.weft.weaver.testkit.DifferentialTestBase;
import dev.weft.weaver.testkit.Probe;
import dev.weft.weaver.testkit.WeavingClassLoader;
import java.lang.reflect.Method;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Differential tests of {@code Weft.async} call sites that several lambdas reach
 * ({@link LambdaChoices}): whichever lambda is chosen runs woven. Regression: the weaver took the
 * instruction before the call for the only lambda, wove that one and left the other's
 * {@code Callable} flowing into the state class's factory; computing frames then threw
 * {@code ArrayIndexOutOfBoundsException} and the whole class was left unwoven (the offline command
 * stopped, even with {@code --keep-refused-stackful}).
 */
@Timeout(120)
class LambdaChoicesTest extends DifferentialTestBase {
    @Test
    void aConditionalOfTwoLambdasRunsTheFirstWovenWhenItIsChosen() {
        diff.check(LambdaChoices.class, "conditionalChoosesTheFirstLambda");
    }

    @Test
    void aConditionalOfTwoLambdasRunsTheSecondWovenWhenItIsChosen() {
        diff.check(LambdaChoices.class, "conditionalChoosesTheSecondLambda");
    }

    @Test
    void castsAroundTheLambdasOfAConditionalAreSeenThrough() {
        diff.check(LambdaChoices.class, "castLambdasInAConditional");
    }

    @Test
    void aSwitchAmongLambdasRunsTheChosenAwaitingOneWoven() {
        diff.check(LambdaChoices.class, "switchChoosesAmongLambdas");
    }

    @Test
    void aConditionalOfLambdasInsideAWovenBodyIsWovenToo() throws Exception {
        diff.check(LambdaChoices.class, "conditionalOfLambdasInsideAWovenBody");

        WeavingClassLoader loader = WeavingClassLoader.ofPackages(getClass().getClassLoader(), LambdaChoices.class.getName());
        loader.loadClass(LambdaChoices.class.getName());
        ClassNode cn = new ClassNode();
        new ClassReader(loader.result(LambdaChoices.class.getName()).bytes()).accept(cn, 0);
        MethodNode outer = cn.methods.stream()
                .filter(m -> m.name.equals("lambda$conditionalOfLambdasInsideAWovenBody$0") && m.desc.contains("Context"))
                .findFirst().orElseThrow();
        assertThat(StreamSupport.stream(outer.instructions.spliterator(), false)
                .filter(i -> i instanceof MethodInsnNode call && call.name.equals("async"))).as("Weft.async calls left").isEmpty();
    }

    /** The lambda that does not await is not woven: chosen, it runs stackful, as everywhere; the others woven. */
    @Test
    void aLambdaThatDoesNotAwaitChosenAtAWovenSiteRunsStackfulAndTheOthersWoven() throws Exception {
        Class<?> woven = WeavingClassLoader.ofPackages(getClass().getClassLoader(), LambdaChoices.class.getName())
                .loadClass(LambdaChoices.class.getName());
        Method choose = woven.getMethod("switchAmongLambdas", int.class, Probe.class);

        Future<?> zero = (Future<?>) choose.invoke(null, 0, new Probe());
        Future<?> one = (Future<?>) choose.invoke(null, 1, new Probe());
        Future<?> many = (Future<?>) choose.invoke(null, 2, new Probe());

        assertThat(zero).isNotInstanceOf(WovenFuture.class);
        assertThat(one).isInstanceOf(WovenFuture.class);
        assertThat(many).isInstanceOf(WovenFuture.class);
        assertThat(List.of(Weft.blockOn(zero), Weft.blockOn(one), Weft.blockOn(many))).containsExactly("zero", "one 1", "many 2");
    }
}
