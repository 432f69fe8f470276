package dev.paje.causal;

/**
 * Two clocks the links say are out of step: the links from {@code a} to {@code b} need clock
 * {@code b} moved at least {@code atLeast} later relative to {@code a}, and those from {@code b} to
 * {@code a} allow at most {@code atMost} ({@code +Infinity} when there are none). When
 * {@code atLeast > atMost} no shift of these two clocks alone reconciles them.
 *
 * @param a the clock links leave from (a group's container id)
 * @param b the clock that must move later
 * @param atLeast least {@code offset(b) - offset(a)}, > 0
 * @param atMost greatest {@code offset(b) - offset(a)} the links back allow
 * @param linksAb links from a to b
 * @param tachyonsAb of which end before they start
 * @param linksBa links from b to a
 * @param tachyonsBa of which end before they start
 */
public record Disagreement(int a, int b, double atLeast, double atMost, long linksAb, long tachyonsAb,
        long linksBa, long tachyonsBa) {

    /** True when some shift of the two clocks satisfies the links between them. */
    public boolean reconcilable() {
        return atLeast <= atMost;
    }
}
