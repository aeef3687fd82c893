package com.courtrush.campus;

/** The university's identity service did not answer (down, slow past the timeouts, refused the connection). */
class DirectoryUnreachable extends RuntimeException {

    private static final long serialVersionUID = 1L;

    DirectoryUnreachable(String message, Throwable cause) {
        super(message, cause);
    }
}
