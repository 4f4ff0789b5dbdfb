// The yardstick of `npm run bench`'s API-overhead figure: a bare Fastify + pg server with one
// route answering what GET /v1/users/me/patients answers for one professional (same queries,
// same JSON), with no session, hooks, plugins or logging. Run as its own process:
// `PORT=… DATABASE_URL=… OWNER_ID=… node scripts/bench/bare-endpoint.mjs`.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const ownerId = process.env.OWNER_ID;
const pageSize = 50;

const fullName = (row) => [row.first_name, row.last_name].filter(Boolean).join(' ');

/** A row as the API's patient object (`toPatient` in patients.service.ts). */
function patientOf(row) {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: fullName(row),
    gender: row.gender,
    birthdate: row.birthdate,
    cc: row.cc,
    phone: row.phone,
    email: row.email,
    country: row.country,
    avatarExternalKey: row.avatar_external_key,
    remindersOptOut: row.reminders_opt_out,
    whatsappOptIn: row.whatsapp_opt_in,
    whatsappOptInAt: row.whatsapp_opt_in_at?.toISOString() ?? null,
    document: row.document,
    sessionFeeCents: row.session_fee_cents,
    payerName: row.payer_name,
    payerDocument: row.payer_document,
    payerEmail: row.payer_email,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

// Dates as text, as the app's driver reads a `date` column.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

const app = Fastify({ logger: false });
app.get('/patients', async () => {
  const [page, owner] = await Promise.all([
    pool.query('select * from patients where owner_id = $1 order by search_name collate "C", id limit $2', [ownerId, pageSize + 1]),
    pool.query('select patient_count from users where id = $1', [ownerId]),
  ]);
  const rows = page.rows.slice(0, pageSize);
  const last = rows.at(-1);
  const nextCursor = page.rows.length > pageSize && last ? Buffer.from(JSON.stringify([last.search_name, last.id])).toString('base64url') : null;
  return { status: 200, data: { patients: rows.map(patientOf), total: owner.rows[0]?.patient_count ?? 0, nextCursor } };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// At once: the benchmark's connections may still be open, and nothing needs to be kept.
process.once('SIGTERM', () => process.exit(0));
