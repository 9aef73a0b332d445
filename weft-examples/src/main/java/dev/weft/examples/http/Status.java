package dev.weft.examples.http;

/** The reason phrases of the statuses this server sends. */
final class Status {
    private Status() {}

    static String reason(int status) {
        return switch (status) {
            case 100 -> "Continue";
            case 200 -> "OK";
            case 201 -> "Created";
            case 204 -> "No Content";
            case 304 -> "Not Modified";
            case 400 -> "Bad Request";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 408 -> "Request Timeout";
            case 413 -> "Content Too Large";
            case 414 -> "URI Too Long";
            case 417 -> "Expectation Failed";
            case 431 -> "Request Header Fields Too Large";
            case 500 -> "Internal Server Error";
            case 501 -> "Not Implemented";
            case 505 -> "HTTP Version Not Supported";
            default -> "Status " + status;
        };
    }

    /** @return whether a response of this status never has a body (RFC 9110 6.4.1) */
    static boolean bodiless(int status) {
        return status < 200 || status == 204 || status == 304;
    }
}
