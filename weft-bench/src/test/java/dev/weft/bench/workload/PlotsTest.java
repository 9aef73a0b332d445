package dev.weft.bench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --plot}: a PNG per workload and one page with the same figures. */
class PlotsTest {

    @Test
    void eachWorkloadGetsAPngAndThePageShowsEveryFigureWithItsNumbers(@TempDir Path dir) throws Exception {
        Map<String, List<Double>> w1 = new LinkedHashMap<>();
        w1.put("weft", List.of(9.0, 11.0, 10.0));
        w1.put("vthreads", List.of(4.0, 2.0));
        Plots plots = new Plots(dir.resolve("out"));
        plots.add(new Plots.Figure("W1", "ops/s", w1));
        plots.add(new Plots.Figure("W2", "ms", Map.of("cf-fjp", List.of(1.5))));
        BufferedImage png = ImageIO.read(dir.resolve("out/W1.png").toFile());
        assertThat(png.getWidth()).isEqualTo(900);
        assertThat(png.getHeight()).isEqualTo(500);
        assertThat(hasColor(png, 0xE86A10)).as("Weft's bar in orange").isTrue();
        assertThat(hasColor(png, 0x909090)).as("the peer's bar in grey").isTrue();
        assertThat(dir.resolve("out/W2.png")).exists();
        String page = Files.readString(dir.resolve("out/index.html"));
        assertThat(page).contains("<img src=\"W1.png\"", "<img src=\"W2.png\"",
                "<tr class=\"weft\"><td>weft</td><td>10.0</td><td>9.0</td><td>11.0</td><td>3</td><td>ops/s</td></tr>",
                "<tr><td>vthreads</td><td>3.0</td><td>2.0</td><td>4.0</td><td>2</td>");
    }

    private static boolean hasColor(BufferedImage img, int rgb) {
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) if ((img.getRGB(x, y) & 0xFFFFFF) == rgb) return true;
        }
        return false;
    }
}
