package dev.weft.bench.kotlin

import java.util.concurrent.atomic.AtomicInteger
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.Job
import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.awaitCancellation
import kotlinx.coroutines.cancelAndJoin
import kotlinx.coroutines.coroutineScope
import kotlinx.coroutines.job
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.yield

/**
 * W8 scoped fan-out for `impl=kotlin` (WORKLOADS.md): Kotlin coroutines on `Dispatchers.Default`
 * limited to 2 threads (on this 2-core machine that is the default scheduler itself).
 *
 * Each round: `coroutineScope { }` with N `async { yield(); i + 1 }` children, awaited and summed;
 * then a scope of its own (a `Job` child of the pass's job, Kotlin's custom `CoroutineScope`)
 * with N children that count themselves started and `awaitCancellation()`; once all started, the
 * owner cancels that job as a whole and waits until every child has ended (`cancelAndJoin`), and
 * checks that each child's `finally` ran. The pass runs inside the dispatcher (`runBlocking(dispatcher)`
 * only waits for it), as Weft's and Tokio's passes run in a task.
 */
object KotlinScoped {
    private val dispatcher = Dispatchers.Default.limitedParallelism(2)

    /**
     * One pass of W8.
     *
     * @param rounds the rounds (R)
     * @param n the children per scope (N)
     * @return the children that ended: 2·R·N
     * @throws IllegalStateException if a sum or a count of ended children is wrong
     */
    @JvmStatic
    fun pass(rounds: Int, n: Int): Long = runBlocking(dispatcher) {
        val expectedSum = n.toLong() * (n + 1) / 2
        var children = 0L
        repeat(rounds) {
            val sum = coroutineScope {
                List(n) { i -> async { yield(); i + 1 } }.awaitAll().sumOf { it.toLong() }
            }
            check(sum == expectedSum) { "W8 sum $sum != $expectedSum" }
            children += n

            val started = AtomicInteger()
            val allStarted = CompletableDeferred<Unit>()
            val ended = AtomicInteger()
            val parking = Job(coroutineContext.job)
            val scope = CoroutineScope(coroutineContext + parking)
            repeat(n) {
                scope.launch {
                    if (started.incrementAndGet() == n) allStarted.complete(Unit)
                    try {
                        awaitCancellation()
                    } finally {
                        ended.incrementAndGet()
                    }
                }
            }
            allStarted.await()
            parking.cancelAndJoin()
            check(ended.get() == n) { "W8 ended ${ended.get()} != $n" }
            children += n
        }
        children
    }
}
