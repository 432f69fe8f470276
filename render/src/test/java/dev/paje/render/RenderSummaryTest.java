package dev.paje.render;

import static dev.paje.render.Pictures.pixel;
import static dev.paje.render.Pictures.row;
import static org.assertj.core.api.Assertions.assertThat;

import dev.paje.store.Trace;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * Dense areas: states shorter than a pixel are drawn as stacked shares per pixel, hatched, in a few
 * SVG elements whatever their number; containers with many children collapse into one row of shares.
 */
class RenderSummaryTest {
    private static final int ALPHA = 0xff0000;
    private static final int BETA = 0x0000ff;

    @Test
    void shortStatesAreStackedSharesInAFewElements() throws Exception {
        Trace trace = Pictures.parse(Synthetic.dense());
        RenderOptions o = RenderOptions.defaults().withSize(1000, 0);
        Pictures.Drawn svg = Pictures.render(trace, o, Format.SVG, "dense");
        Document doc = svg.svg();
        assertThat(svg.picture().summarized()).as("about half the plot's pixels").isBetween(300L, 700L);
        assertThat(Pictures.elements(doc)).as("100,000 states, a few elements").isLessThan(200);
        assertThat(Pictures.styles(doc)).contains(Pictures.rgb(255, 0, 0), Pictures.rgb(0, 0, 255))
                .contains("stroke:rgb(255,255,255)"); // the hatching
        assertThat(Pictures.texts(doc)).contains("hatched: summarized (many entities per pixel, stacked by share of time)");

        Pictures.Drawn png = Pictures.render(trace, o, Format.PNG, "dense");
        BufferedImage img = png.image();
        Picture p = png.picture();
        Picture.LaneBox lane = row(p, "worker").lanes().get(0);
        int x = p.x(0.05);
        int upper = lane.top() + lane.height() / 4;
        int lower = lane.top() + 3 * lane.height() / 4;
        assertThat(near(pixel(img, x, upper), ALPHA) || near(pixel(img, x + 1, upper), ALPHA))
                .as("Alpha, value 0, stacked on top: %06x", pixel(img, x, upper)).isTrue();
        assertThat(near(pixel(img, x, lower), BETA) || near(pixel(img, x + 1, lower), BETA))
                .as("Beta below: %06x", pixel(img, x, lower)).isTrue();
        assertThat(pixel(img, p.x(0.15), upper)).as("the exact Alpha state after 0.1 s").isEqualTo(ALPHA);
        assertThat(pixel(img, p.x(0.15), lower)).isEqualTo(ALPHA);
    }

    /** A colour or the same under the translucent white hatching. */
    private static boolean near(int rgb, int want) {
        int[] a = {rgb >> 16 & 255, rgb >> 8 & 255, rgb & 255};
        int[] b = {want >> 16 & 255, want >> 8 & 255, want & 255};
        for (int i = 0; i < 3; i++) {
            if (a[i] < b[i] - 2) {
                return false; // hatching only lightens
            }
        }
        return Math.abs((a[0] - b[0]) - (a[1] - b[1])) < 8 || Math.abs((a[2] - b[2]) - (a[1] - b[1])) < 8;
    }

    @Test
    void aggregatedRowsShowTheChildrensShares() throws Exception {
        Trace trace = Pictures.parse(Synthetic.manyChildren());
        Pictures.Drawn png = Pictures.render(trace, RenderOptions.defaults().withSize(800, 0).withAggregate(true),
                Format.PNG, "aggregate");
        Picture p = png.picture();
        assertThat(p.rows()).extracting(Picture.RowBox::label).containsExactly("node", "12 × Thread");
        Picture.RowBox agg = row(p, "12 × Thread");
        assertThat(agg.aggregated()).isTrue();
        Picture.LaneBox lane = agg.lanes().get(0);
        BufferedImage img = png.image();
        int x = p.x(0.5);
        int inner = lane.height() - 2;
        int boundary = lane.top() + 1 + (int) Math.round(0.75 * inner); // 9 of 12 in Alpha, on top
        assertThat(pixel(img, x, lane.top() + 2)).isEqualTo(ALPHA);
        assertThat(pixel(img, x, boundary - 1)).isEqualTo(ALPHA);
        assertThat(pixel(img, x, boundary)).isEqualTo(BETA);
        assertThat(pixel(img, x, lane.top() + lane.height() - 2)).isEqualTo(BETA);

        Pictures.Drawn plain = Pictures.render(trace, RenderOptions.defaults().withSize(800, 0), Format.SVG, "no-aggregate");
        assertThat(plain.picture().rows()).hasSize(13);
        assertThat(plain.picture().autoAggregated()).isFalse();
    }

    @Test
    void rowsThatCannotFitAreAggregatedOnTheirOwn() throws Exception {
        Trace trace = Pictures.parse(Synthetic.manyChildren());
        Pictures.Drawn d = Pictures.render(trace, RenderOptions.defaults().withSize(800, 120).withLegend(false),
                Format.PNG, "auto-aggregate");
        assertThat(d.picture().autoAggregated()).isTrue();
        assertThat(d.picture().rows()).extracting(Picture.RowBox::label).containsExactly("node", "12 × Thread");
        assertThat(d.image().getHeight()).isEqualTo(120);
    }
}
