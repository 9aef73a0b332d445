package dev.weft.bench.workload;

import java.awt.Color;
import java.awt.Paint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.MinMaxCategoryRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The figures of {@code weft-bench/run --plot DIR}: per workload a PNG ({@code DIR/W1.png}) with
 * each implementation's median as a bar, labelled with its value, and every run's value as a mark
 * on a whisker from the smallest to the largest run; Weft's variants (implementations named
 * {@code weft...}) in orange, the peers in grey. {@code DIR/index.html} shows the same figures
 * with a table of their numbers. Drawn by JFreeChart, headless.
 *
 * {@snippet :
 * Plots plots = new Plots(Path.of("out"));
 * plots.add(new Plots.Figure("W1", "tasks/s", Map.of("weft", List.of(9.1e6, 9.4e6), "vthreads", List.of(2.0e6))));
 * }
 */
final class Plots {
    private static final Color WEFT = new Color(0xE8, 0x6A, 0x10);
    private static final Color PEER = new Color(0x90, 0x90, 0x90);

    /**
     * One workload's runs.
     *
     * @param workload its id
     * @param unit the unit of its values
     * @param runs each implementation's values, one per run, in the order the runs came
     */
    record Figure(String workload, String unit, Map<String, List<Double>> runs) {}

    private final Path dir;
    private final List<Figure> figures = new ArrayList<>();

    /**
     * @param dir where the PNGs and the page go (made if missing)
     */
    Plots(Path dir) {
        this.dir = dir;
    }

    /**
     * Draws {@code f} into {@code dir/<workload>.png} and rewrites {@code dir/index.html} with every
     * figure added so far.
     *
     * @param f a workload's runs
     * @throws IOException if a file cannot be written
     */
    void add(Figure f) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Files.createDirectories(dir);
        ChartUtils.saveChartAsPNG(dir.resolve(f.workload() + ".png").toFile(), chart(f), 900, 500);
        figures.add(f);
        Files.writeString(dir.resolve("index.html"), page());
    }

    static JFreeChart chart(Figure f) {
        DefaultCategoryDataset medians = new DefaultCategoryDataset();
        DefaultCategoryDataset runs = new DefaultCategoryDataset();
        List<String> impls = new ArrayList<>(f.runs().keySet());
        for (String impl : impls) {
            List<Double> v = f.runs().get(impl);
            medians.addValue(median(v), "median", impl);
            for (int i = 0; i < v.size(); i++) runs.addValue(v.get(i), "run " + (i + 1), impl);
        }
        BarRenderer bars = new BarRenderer() {
            @Override
            public Paint getItemPaint(int row, int column) {
                return impls.get(column).startsWith("weft") ? WEFT : PEER;
            }
        };
        bars.setBarPainter(new StandardBarPainter());
        bars.setShadowVisible(false);
        bars.setMaximumBarWidth(0.12);
        bars.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", new DecimalFormat("#,##0.#")));
        bars.setDefaultItemLabelsVisible(true);
        MinMaxCategoryRenderer whiskers = new MinMaxCategoryRenderer();
        whiskers.setAutoPopulateSeriesPaint(false);
        whiskers.setDefaultPaint(Color.BLACK);
        whiskers.setGroupPaint(Color.BLACK);
        CategoryAxis x = new CategoryAxis("implementation (bar: median of " + maxRuns(f) + " runs; whisker: min to max, a mark per run)");
        x.setCategoryLabelPositions(CategoryLabelPositions.STANDARD);
        NumberAxis y = new NumberAxis(f.unit());
        CategoryPlot plot = new CategoryPlot(medians, x, y, bars);
        plot.setDataset(1, runs);
        plot.setRenderer(1, whiskers);
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        JFreeChart chart = new JFreeChart(f.workload() + " (" + f.unit() + "; Weft's variants in orange)",
                JFreeChart.DEFAULT_TITLE_FONT, plot, false);
        chart.setBackgroundPaint(Color.WHITE);
        return chart;
    }

    private static int maxRuns(Figure f) {
        return f.runs().values().stream().mapToInt(List::size).max().orElse(0);
    }

    /** @return the median of {@code values} (the mean of the two middle ones for an even count) */
    static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    private String page() {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Weft workloads</title>\n")
                .append("<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #ccc;")
                .append("padding:2px 8px;text-align:right}td:first-child{text-align:left}.weft{color:#e86a10}</style>")
                .append("</head><body>\n<h1>Weft workloads</h1>\n<p>Bars: each implementation's median over its runs (fresh")
                .append(" JVMs, interleaved); whiskers: the smallest to the largest run, a mark per run. Weft's variants in orange.</p>\n");
        for (Figure f : figures) {
            sb.append("<h2>").append(f.workload()).append("</h2>\n<img src=\"").append(f.workload()).append(".png\" alt=\"")
                    .append(f.workload()).append("\">\n<table><tr><th>implementation</th><th>median</th><th>min</th><th>max</th>")
                    .append("<th>runs</th><th>unit</th></tr>\n");
            for (Map.Entry<String, List<Double>> e : f.runs().entrySet()) {
                List<Double> v = e.getValue();
                sb.append("<tr").append(e.getKey().startsWith("weft") ? " class=\"weft\"" : "").append("><td>").append(e.getKey())
                        .append(String.format(Locale.ROOT, "</td><td>%.1f</td><td>%.1f</td><td>%.1f</td><td>%d</td><td>",
                                median(v), v.stream().mapToDouble(Double::doubleValue).min().orElse(0),
                                v.stream().mapToDouble(Double::doubleValue).max().orElse(0), v.size()))
                        .append(f.unit()).append("</td></tr>\n");
            }
            sb.append("</table>\n");
        }
        return sb.append("</body></html>\n").toString();
    }
}
