// Raw SQL for both databases, written one way: Prisma's tagged templates. Values are
// bound as parameters, never spliced; `raw` is for identifiers and literals the code
// itself spells. The same `Sql` runs through Prisma ($queryRaw, $executeRaw) and
// through the read side (its `.sql` for SQLite, `.text` for PostgreSQL).
export { empty, join, raw, Sql, sqltag as sql } from '@prisma/client/runtime/client';
