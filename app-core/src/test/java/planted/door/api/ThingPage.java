package planted.door.api;

/** A page of rows, in a record of the desk's package: the rows still cross the desk, and the value leans on the engine. */
public record ThingPage(java.util.List<planted.door.ThingRow> rows, long total) {}
