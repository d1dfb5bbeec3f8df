// Tables of the sources domain; re-exported by schema.ts so migrations and the query layer see them.
export {};
