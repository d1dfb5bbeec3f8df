// Tables of the marketplace domain; re-exported by schema.ts so migrations and the query layer see them.
export {};
