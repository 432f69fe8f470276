package dev.paje.server;

/** A request the API answers with an error status and {@code {"error": message}}. */
final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;

    ApiException(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    /** 400: a parameter is missing or malformed. */
    static ApiException badRequest(String message) {
        return new ApiException(400, message);
    }

    /** 404: the request names something that does not exist. */
    static ApiException notFound(String message) {
        return new ApiException(404, message);
    }

    int status() {
        return status;
    }
}
