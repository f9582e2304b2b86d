const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every record id is a UUID: anything else cannot name a record (a 404, not a database error). */
export const isUuid = (id: string) => UUID.test(id);
