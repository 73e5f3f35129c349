// Column helpers the migrations share. A migration file never changes once released; add a new one instead.
import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { Dialect } from '../connect';

export type Table = CreateTableBuilder<string, never>;

export function withId(dialect: Dialect, table: Table): Table {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const userFk = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');
