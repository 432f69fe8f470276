package dev.paje.stats;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The few candidates closest to a misspelt name, so an error can say "did you mean ...". */
final class NearMatches {
    private NearMatches() {
    }

    /** Up to {@code max} candidates: those containing {@code wanted} (nearly) first, then by edit distance. */
    static List<String> of(String wanted, List<String> candidates, int max) {
        String w = wanted.toLowerCase(Locale.ROOT);
        record Scored(String text, int score) {
        }
        return candidates.stream().distinct()
                .map(c -> {
                    String lc = c.toLowerCase(Locale.ROOT);
                    int d = lc.contains(w) ? (lc.length() - w.length()) / 4 : distance(w, lc);
                    return new Scored(c, d);
                })
                .filter(s -> s.score() <= Math.max(3, w.length() / 2))
                .sorted(Comparator.comparingInt(Scored::score).thenComparing(Scored::text))
                .limit(max).map(Scored::text).collect(Collectors.toList());
    }

    /** "did you mean: a, b?" or "" when nothing is close. */
    static String hint(String wanted, List<String> candidates) {
        List<String> near = of(wanted, candidates, 5);
        return near.isEmpty() ? "" : "; did you mean: " + near.stream().map(s -> "'" + s + "'").collect(Collectors.joining(", ")) + "?";
    }

    /** Levenshtein distance, two rows. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j], cur[j - 1]) + 1);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
