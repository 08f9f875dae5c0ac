import { CamelCasePlugin } from 'kysely';
import type pg from 'pg';

/** Path of the generated module, relative to this folder. */
export const GENERATED_TYPES_FILE = 'schema/generated.ts';

interface TableRow {
  oid: number;
  name: string;
  comment: string | null;
}

interface ColumnRow {
  tableOid: number;
  name: string;
  attnum: number;
  notNull: boolean;
  typeName: string;
  elementTypeName: string | null;
  hasDefault: boolean;
  identity: string;
  generated: string;
  comment: string | null;
}

interface CheckRow {
  tableOid: number;
  attnum: number;
  definition: string;
}

// Exposes the plugin's own conversion so generated names are exactly the ones queries use.
class Namer extends CamelCasePlugin {
  toCamel(name: string): string {
    const result = this.camelCase(name);
    // A name that does not survive the round trip would make queries address another column.
    if (this.snakeCase(result) !== name)
      throw new Error(`${name} does not round-trip through CamelCasePlugin`);
    return result;
  }
}
const namer = new Namer();
const camel = (name: string) => namer.toCamel(name);
const pascal = (name: string) => {
  const c = camel(name);
  return c.charAt(0).toUpperCase() + c.slice(1);
};

const SCALARS: Record<string, string> = {
  int2: 'number',
  int4: 'number',
  int8: 'number',
  numeric: 'number',
  float4: 'number',
  float8: 'number',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  citext: 'string',
  bool: 'boolean',
  timestamptz: 'Date',
  timestamp: 'Date',
  // database.ts keeps dates as 'yyyy-MM-dd' strings.
  date: 'string',
  bytea: 'Buffer',
};

const JSON_TYPES = new Set(['json', 'jsonb']);

/**
 * `status = ANY (ARRAY['a'::text, 'b'::text])`, the form PostgreSQL gives a `status in ('a','b')` check:
 * such columns get a union of literals instead of `string`.
 */
function enumValues(definition: string): string[] | null {
  const match = /^CHECK \(\(\(?"?\w+"?\)?(?:::text)? = ANY \(\(?ARRAY\[(.*)\]\)?(?:::text\[\])?\)\)\)$/.exec(
    definition,
  );
  if (!match?.[1]) return null;
  const values: string[] = [];
  const parts = match[1].split(', ');
  for (const part of parts) {
    const literal = /^'((?:[^']|'')*)'::(?:text|character varying)$/.exec(part);
    const value = literal?.[1];
    if (value === undefined) return null;
    values.push(value.replace(/''/g, "'"));
  }
  return values;
}

function scalarType(column: ColumnRow, enums: Map<string, string[]>): string {
  const values = enums.get(`${column.tableOid}:${column.attnum}`);
  if (values) return values.map((v) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`).join(' | ');
  if (column.elementTypeName) {
    const element = SCALARS[column.elementTypeName];
    if (!element)
      throw new Error(`No TypeScript type for array of ${column.elementTypeName} (${column.name})`);
    return `${element}[]`;
  }
  const scalar = SCALARS[column.typeName];
  if (!scalar)
    throw new Error(`No TypeScript type for ${column.typeName} (${column.name}); add it to SCALARS`);
  return scalar;
}

function columnType(column: ColumnRow, enums: Map<string, string[]>, used: Set<string>): string {
  const hasDefault = column.hasDefault || column.identity === 'd';
  if (column.identity === 'a' || column.generated === 's') {
    used.add('GeneratedAlways');
    const base = scalarType(column, enums);
    return `GeneratedAlways<${column.notNull ? base : `${base} | null`}>`;
  }
  if (JSON_TYPES.has(column.typeName)) {
    if (!column.notNull) return 'NullableJson';
    return hasDefault ? 'JsonWithDefault' : 'Json';
  }
  const base = scalarType(column, enums);
  const type = column.notNull ? base : `${base} | null`;
  if (hasDefault) {
    used.add('Generated');
    return `Generated<${type}>`;
  }
  return type;
}

function docComment(text: string | null, indent: string): string {
  if (!text) return '';
  return `${indent}/** ${text.replace(/\*\//g, '* /').replace(/\s*\n\s*/g, ' ')} */\n`;
}

async function readCatalog(client: pg.ClientBase | pg.Pool) {
  const tables = (
    await client.query<TableRow>(
      `select c.oid::int as oid, c.relname as name, obj_description(c.oid, 'pg_class') as comment
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname not like 'schema\\_migrations%'
        order by c.relname`,
    )
  ).rows;
  const oids = tables.map((t) => t.oid);
  const columns = (
    await client.query<ColumnRow>(
      `select a.attrelid::int as "tableOid", a.attname as name, a.attnum::int as attnum,
              a.attnotnull as "notNull", t.typname as "typeName",
              case when t.typcategory = 'A' then et.typname end as "elementTypeName",
              a.atthasdef as "hasDefault", a.attidentity as identity, a.attgenerated as generated,
              col_description(a.attrelid, a.attnum) as comment
         from pg_attribute a
         join pg_type t on t.oid = a.atttypid
         left join pg_type et on et.oid = t.typelem
        where a.attrelid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped
        order by a.attrelid, a.attnum`,
      [oids],
    )
  ).rows;
  const checks = (
    await client.query<CheckRow>(
      `select conrelid::int as "tableOid", conkey[1]::int as attnum, pg_get_constraintdef(oid) as definition
         from pg_constraint
        where contype = 'c' and conrelid = any($1::oid[]) and array_length(conkey, 1) = 1`,
      [oids],
    )
  ).rows;
  return { tables, columns, checks };
}

/** Reads the public schema of a migrated database and renders the Kysely types, formatted like the repo. */
export async function generateSchemaTypes(client: pg.ClientBase | pg.Pool): Promise<string> {
  const { tables, columns, checks } = await readCatalog(client);
  const enums = new Map<string, string[]>();
  for (const check of checks) {
    const values = enumValues(check.definition);
    if (values) enums.set(`${check.tableOid}:${check.attnum}`, values);
  }

  const used = new Set<string>(['ColumnType']);
  const interfaces: string[] = [];
  const databaseKeys: string[] = [];
  const tenantKeys: string[] = [];
  for (const table of tables) {
    const own = columns.filter((c) => c.tableOid === table.oid);
    const body = own
      .map((c) => `${docComment(c.comment, '  ')}  ${camel(c.name)}: ${columnType(c, enums, used)};`)
      .join('\n');
    interfaces.push(
      `${docComment(table.comment, '')}export interface ${pascal(table.name)}Table {\n${body}\n}`,
    );
    databaseKeys.push(`  ${camel(table.name)}: ${pascal(table.name)}Table;`);
    const companyId = own.find((c) => c.name === 'company_id');
    if (companyId?.notNull && !companyId.hasDefault) tenantKeys.push(`'${camel(table.name)}'`);
  }

  const imports = [...used].sort().join(', ');
  const source = `// Generated by \`npm run db:types\` from the migrated database. Do not edit: add a migration and regenerate.
// platform/db/schema.int.test.ts fails when this file and the migrations drift apart.
import type { ${imports} } from 'kysely';

/** jsonb: reads give the parsed value; writes take JSON text (JSON.stringify), never a JS array or object. */
export type Json = ColumnType<unknown, string, string>;
export type JsonWithDefault = ColumnType<unknown, string | undefined, string>;
export type NullableJson = ColumnType<unknown, string | null | undefined, string | null>;

${interfaces.join('\n\n')}

/** Every table, keyed by its name in camelCase (CamelCasePlugin maps it to the SQL name). */
export interface Database {
${databaseKeys.join('\n')}
}

/** Tables whose rows belong to one company: they carry a non-null companyId and row-level security. */
export type TenantTable = ${tenantKeys.join(' | ')};
`;
  return formatTypeScript(source);
}

async function formatTypeScript(source: string): Promise<string> {
  const prettier = await import('prettier');
  const filepath = new URL(GENERATED_TYPES_FILE, import.meta.url).pathname;
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(source, { ...options, filepath });
}
