// Vitest global setup for the PostgreSQL project: migrate a template database once; each test
// file then gets its own copy with CREATE DATABASE ... TEMPLATE (fast, isolated).
import pg from 'pg';
import { openDatabase } from '../../src/db/client';

export const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup({ provide }: { provide: (key: 'templateDatabase', value: string) => void }) {
  const template = `consultorio_template_${process.pid}`;
  await adminQuery(`drop database if exists ${template}`);
  await adminQuery(`create database ${template}`);
  const database = await openDatabase({ url: databaseUrl(template) });
  await database.migrate();
  await database.close();
  provide('templateDatabase', template);
  return async () => {
    await adminQuery(`drop database if exists ${template} with (force)`);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}
