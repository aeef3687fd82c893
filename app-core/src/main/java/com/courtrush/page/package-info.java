/**
 * The students' page as the engine serves it: its files read once at start-up, each under a name that carries
 * a hash of its content (kept by browsers for a year), compressed once (gzip) and sent as they are; index.html
 * naming them, with an import map so that the modules' own imports reach the same names.
 */
package com.courtrush.page;
