import fs from 'node:fs';
import path from 'node:path';
import { type SurnameRecord, surnameRecordSchema } from '@samaj/core';
import { CsvError, parse as parseCsv } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { surname } from '../../db/schema/index.ts';
import { sanitizeDescription } from '../../platform/html.ts';

/** A problem in the import file, reported with the line where the record starts. */
export class ImportError extends Error {
  override name = 'ImportError';
}

export interface ImportResult {
  inserted: number;
  updated: number;
  unchanged: number;
}

interface LocatedRecord {
  line: number;
  raw: unknown;
}

const FIELDS = ['name', 'name_guj', 'pronounce', 'gotra', 'gam', 'kuldevta', 'description'] as const;
const UPDATABLE = ['name_guj', 'pronounce', 'gotra', 'gam', 'kuldevta', 'description'] as const;

/** Reads a .json (array of objects) or .csv (header row naming the fields) file. */
export function readSurnameFile(file: string): LocatedRecord[] {
  const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const ext = path.extname(file).toLowerCase();
  if (ext === '.json') return parseJsonRecords(text);
  if (ext === '.csv') return parseCsvRecords(text);
  throw new ImportError(`${path.basename(file)}: use a .json or .csv file`);
}

/**
 * Validates every record first; only a fully valid file is written, in one transaction.
 * Upsert by name: empty or absent fields keep what the database has, so re-importing a short
 * list never wipes details that members or staff added since.
 */
export async function importSurnames(db: Database, records: LocatedRecord[]): Promise<ImportResult> {
  const valid: { line: number; record: SurnameRecord }[] = [];
  const seen = new Map<string, number>();
  for (const { line, raw } of records) {
    const result = surnameRecordSchema.safeParse(raw);
    if (!result.success) throw new ImportError(`line ${line}: ${describeIssue(result.error.issues[0], raw)}`);
    const first = seen.get(result.data.name);
    if (first !== undefined) {
      throw new ImportError(`line ${line}: name "${result.data.name}" already appears on line ${first}`);
    }
    seen.set(result.data.name, line);
    valid.push({ line, record: result.data });
  }

  return db.transaction(async (tx) => {
    const names = valid.map((v) => v.record.name);
    const existing = names.length ? await tx.select().from(surname).where(inArray(surname.id, names)) : [];
    const byId = new Map(existing.map((row) => [row.id, row]));
    const result: ImportResult = { inserted: 0, updated: 0, unchanged: 0 };
    for (const { record } of valid) {
      const incoming = {
        name_guj: record.name_guj,
        pronounce: record.pronounce ?? '',
        gotra: record.gotra ?? '',
        gam: record.gam ?? '',
        kuldevta: record.kuldevta ?? '',
        description: record.description ? sanitizeDescription(record.description) : '',
      };
      const row = byId.get(record.name);
      if (!row) {
        await tx.insert(surname).values({ id: record.name, name: record.name, ...incoming });
        result.inserted++;
        continue;
      }
      const changes: Partial<typeof incoming> = {};
      for (const field of UPDATABLE) {
        if (incoming[field] !== '' && incoming[field] !== row[field]) changes[field] = incoming[field];
      }
      if (Object.keys(changes).length === 0) {
        result.unchanged++;
        continue;
      }
      await tx
        .update(surname)
        .set({ ...changes, updatedAt: new Date() })
        .where(inArray(surname.id, [record.name]));
      result.updated++;
    }
    return result;
  });
}

function describeIssue(
  issue: { path: PropertyKey[]; message: string; code: string } | undefined,
  raw: unknown,
): string {
  if (!issue) return 'invalid record';
  const field = issue.path.map(String).join('.');
  if (!field) return 'expected an object with name and name_guj';
  const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[field] : undefined;
  const empty = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (empty && (issue.code === 'invalid_type' || issue.code === 'too_small')) return `${field} is required`;
  return `${field}: ${issue.message}`;
}

/** Finds where each top-level element of a JSON array starts, so errors can name a line. */
function parseJsonRecords(text: string): LocatedRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ImportError(`not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw new ImportError('line 1: expected a JSON array of surname records');
  const starts: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expectElement = false;
  for (const ch of text) {
    if (ch === '\n') line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (/\s/.test(ch)) continue;
    if (depth === 1 && expectElement) {
      starts.push(line);
      expectElement = false;
    }
    if (ch === '"') inString = true;
    else if (ch === '[' || ch === '{') {
      depth++;
      if (depth === 1) expectElement = true;
    } else if (ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 1) expectElement = true;
  }
  return parsed.map((raw, i) => ({ line: starts[i] ?? 1, raw }));
}

/** The first line at or after `line` (1-based) that holds something: where a record starts. */
function firstFilledLine(text: string, line: number): number {
  const lines = text.split(/\r\n|\n|\r/);
  let at = line;
  while (at <= lines.length && lines[at - 1].trim() === '') at++;
  return Math.min(at, lines.length);
}

const NEWLINES = /\r\n|\n|\r/g;

/**
 * RFC 4180 CSV through csv-parse: quoted fields may hold commas, quotes ("") and line breaks. A
 * quote that is never closed or stands inside a field, and a row with more or fewer fields than
 * the header, fail the whole file naming the line (never a silently merged or swallowed cell).
 */
function parseCsvRecords(text: string): LocatedRecord[] {
  let lastEnd = 0;
  let parsed: { record: string[]; info: { lines: number }; raw: string }[];
  try {
    parsed = parseCsv(text, {
      bom: true,
      info: true,
      raw: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      on_record: (record, context) => {
        lastEnd = context.lines;
        return record;
      },
    }) as unknown as typeof parsed;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const at = (error as CsvError & { lines?: number }).lines ?? lastEnd + 1;
    switch (error.code) {
      case 'CSV_QUOTE_NOT_CLOSED':
        throw new ImportError(
          `line ${firstFilledLine(text, lastEnd + 1)}: a quoted field opened in this record is never closed`,
        );
      case 'INVALID_OPENING_QUOTE':
      case 'CSV_INVALID_CLOSING_QUOTE':
        throw new ImportError(
          `line ${at}: stray quote; quote a whole field ("like this") and double a quote inside it ("")`,
        );
      case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH': {
        const [, expected, got] = /expect (\d+), got (\d+)/.exec(error.message) ?? [];
        throw new ImportError(`line ${at}: ${got} fields where the header names ${expected}`);
      }
      default:
        throw new ImportError(`line ${at}: ${error.message}`);
    }
  }
  const rows = parsed.map(({ record, info, raw }) => {
    // info.lines is the record's last line; a quoted field may span several.
    const body = raw.replace(/^[\r\n]+/, '').replace(/(\r\n|\n|\r)$/, '');
    return { line: info.lines - (body.match(NEWLINES)?.length ?? 0), cells: record };
  });
  const nonEmpty = rows.filter((row) => row.cells.some((c) => c.trim() !== ''));
  const header = nonEmpty.shift();
  if (!header) throw new ImportError('line 1: the file is empty');
  const columns = header.cells.map((c) => c.trim());
  const unknown = columns.filter((c) => !(FIELDS as readonly string[]).includes(c));
  if (unknown.length) {
    throw new ImportError(
      `line ${header.line}: unknown column ${unknown.join(', ')} (use ${FIELDS.join(', ')})`,
    );
  }
  return nonEmpty.map((row) => {
    const raw: Record<string, string> = {};
    columns.forEach((column, i) => {
      raw[column] = row.cells[i] ?? '';
    });
    return { line: row.line, raw };
  });
}

export function formatImportResult(result: ImportResult): string {
  const summary = `Imported ${result.inserted} new, updated ${result.updated}, unchanged ${result.unchanged}`;
  return result.inserted === 0 && result.updated === 0 ? `${summary} (nothing to change)` : summary;
}
