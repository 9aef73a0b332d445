package dev.weft.examples;

import static dev.weft.Weft.await;

import dev.weft.Weft;
import dev.weft.future.Future;
import dev.weft.sim.SimHost;
import dev.weft.sim.SimNet;
import dev.weft.time.Time;
import java.time.Duration;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Network faults for the examples' simulation tests, one after another for a stretch of virtual
 * time, each drawn from the simulation's random source (so a seed replays them): a client cut off
 * from the server for up to 2.5 s, every connection between a client and the server reset, the
 * server isolated from everyone for up to 0.8 s. When the stretch is over every partition is
 * repaired, so clients that retry can finish.
 *
 * {@snippet :
 * Task<SimChaos.Report> chaos = Task.spawn(SimChaos.run(sim.random(), net, server, clients, Duration.ofSeconds(20)));
 * // ... clients work, retrying what a fault broke ...
 * SimChaos.Report r = await(chaos);
 * }
 */
public final class SimChaos {
    private SimChaos() {}

    /**
     * What a run injected.
     *
     * @param partitions client-server partitions (each later repaired)
     * @param isolations times the server was cut off from every host
     * @param resets reset injections
     * @param connectionsReset connections those resets broke
     */
    public record Report(int partitions, int isolations, int resets, int connectionsReset) {
        /** @return the faults injected */
        public int faults() {
            return partitions + isolations + resets;
        }
    }

    /**
     * @param random the simulation's random source
     * @param net the network
     * @param server the host every client talks to
     * @param clients the client hosts
     * @param length how long to inject faults, in virtual time
     * @return what was injected, ready once the network is whole again
     */
    public static Future<Report> run(RandomGenerator random, SimNet net, SimHost server, List<SimHost> clients,
                                     Duration length) {
        return Weft.async(() -> {
            long end = Time.nanoTime() + length.toNanos();
            int partitions = 0, isolations = 0, resets = 0, broken = 0;
            while (Time.nanoTime() < end) {
                await(Time.sleep(Duration.ofMillis(10 + random.nextInt(400))));
                SimHost client = clients.get(random.nextInt(clients.size()));
                switch (random.nextInt(4)) {
                    case 0, 1 -> {
                        net.partition(server, client);
                        await(Time.sleep(Duration.ofMillis(50 + random.nextInt(2450))));
                        net.repair(server, client);
                        partitions++;
                    }
                    case 2 -> {
                        broken += net.reset(server, client);
                        resets++;
                    }
                    default -> {
                        net.isolate(server);
                        await(Time.sleep(Duration.ofMillis(20 + random.nextInt(780))));
                        net.rejoin(server);
                        isolations++;
                    }
                }
            }
            net.repairAll();
            return new Report(partitions, isolations, resets, broken);
        });
    }
}
