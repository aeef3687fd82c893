package com.courtrush.campus;

/** The university's identity service answered, but not what a sign-in needs (a refused ticket, a bad document). */
class DirectoryRefused extends RuntimeException {

    private static final long serialVersionUID = 1L;

    DirectoryRefused(String message, Throwable cause) {
        super(message, cause);
    }
}
