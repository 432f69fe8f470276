package dev.paje.server;

/**
 * How much the viewer lets one request or client take, and the JDK server settings that enforce the
 * part before our code runs. On JDK 17 the server reads the request line and headers on the executor's
 * threads, so a client that stops mid-header holds a thread until {@link #HEADER_SECONDS} close it.
 */
final class ServerLimits {
    /** Seconds a client has to send its request line and headers (then the connection is closed). */
    static final int HEADER_SECONDS = 10;
    /** Seconds a connection may stay idle, between requests or before its first byte. */
    static final int IDLE_SECONDS = 10;
    /** Seconds from the end of the headers to the end of the answer (a client that stops reading). */
    static final int ANSWER_SECONDS = 600;
    /** Open connections at once, all clients together; each holds at most one thread. */
    static final int CONNECTIONS = 128;
    /** Requests computing at once; the other threads only read headers or wait. */
    static final int WORKERS = Math.max(2, Math.min(16, Runtime.getRuntime().availableProcessors()));
    /** Longest path and query answered (414 beyond): room for 2000 container ids and more. */
    static final int URI_CHARS = 32 * 1024;
    /** Most header lines and header bytes answered (431 beyond, in JSON). */
    static final int HEADERS = 64;
    static final int HEADER_BYTES = 16 * 1024;
    /** Where the JDK server itself gives up and drops the connection without an answer. */
    static final int HARD_HEADERS = 128;
    static final int HARD_HEADER_BYTES = 64 * 1024;

    private ServerLimits() {
    }

    /** Sets the JDK server's properties the user has not set; they are read once, at its first start. */
    static void configureJdkServer() {
        // Without TCP_NODELAY, small answers wait for the client's delayed ACK: ~40 ms a request.
        setIfAbsent("sun.net.httpserver.nodelay", "true");
        setIfAbsent("sun.net.httpserver.maxReqTime", String.valueOf(HEADER_SECONDS));
        setIfAbsent("sun.net.httpserver.maxRspTime", String.valueOf(ANSWER_SECONDS));
        setIfAbsent("sun.net.httpserver.idleInterval", String.valueOf(IDLE_SECONDS));
        setIfAbsent("jdk.httpserver.maxConnections", String.valueOf(CONNECTIONS));
        setIfAbsent("sun.net.httpserver.maxReqHeaders", String.valueOf(HARD_HEADERS));
        setIfAbsent("sun.net.httpserver.maxReqHeaderSize", String.valueOf(HARD_HEADER_BYTES));
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
