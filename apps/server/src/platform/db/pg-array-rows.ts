import pg from 'pg';

interface FieldDescription {
  dataTypeID: number;
  format?: string;
}

interface ArrayModeResult {
  rowAsArray: boolean;
  fields: FieldDescription[];
  _types?: { getTypeParser(oid: number, format: string): unknown };
  _parsers: unknown[];
}

/**
 * pg builds, for every answer, an empty row object with a key per column (a dictionary object, then copied),
 * which only rows read as objects use. The application pool reads rows as arrays (lean-pool.ts), and on a message
 * page, three answers in one text, building those objects was 5 % of the server's CPU. For answers read as arrays
 * only the columns and their parsers are set, as pg sets them; answers read as objects are left to pg.
 */
export function skipObjectRowTemplates(): void {
  const prototype = (pg.Result as unknown as { prototype: { addFields(fields: FieldDescription[]): void } })
    .prototype;
  const objectRows = prototype.addFields;
  if ((objectRows as { arrayRowsOnly?: true }).arrayRowsOnly) return;
  const addFields = function (this: ArrayModeResult, fields: FieldDescription[]) {
    if (!this.rowAsArray) return objectRows.call(this, fields);
    this.fields = fields;
    const parsers = new Array<unknown>(fields.length);
    const lookup = this._types ?? (pg.types as NonNullable<ArrayModeResult['_types']>);
    fields.forEach((field, i) => {
      parsers[i] = lookup.getTypeParser(field.dataTypeID, field.format || 'text');
    });
    this._parsers = parsers;
  };
  (addFields as { arrayRowsOnly?: true }).arrayRowsOnly = true;
  prototype.addFields = addFields;
}
