/**
 * Training runs for the examples' ahead-of-time caches: {@code weft-examples/run --aot NAME} trains
 * a JDK 25 AOT cache with {@link dev.weft.examples.training.ExampleTraining} (the server under a
 * load of its own protocol, on each poller) and starts the server with it.
 */
package dev.weft.examples.training;
