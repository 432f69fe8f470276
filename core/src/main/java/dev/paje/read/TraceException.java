package dev.paje.read;

/** A trace that cannot be read further. Carries the first problem found. */
public final class TraceException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Problem problem;

    public TraceException(Problem problem) {
        super(problem.format());
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }
}
