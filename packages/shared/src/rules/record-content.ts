// Apart from the records' schemas: the record page uses these without loading zod or building any schema.

/** The image types the editor's picker accepts, and the only data URIs kept in a record. */
export const recordImageTypes = ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon'] as const;
