package planted.door.api;

/** A value of the desk's package: what a desk may hand out. */
public record ThingView(long id, String name) {}
