// Only a table's owner writes it: in the API's modules (and the platform), an insert, update or
// delete of a table defined in another module's tables file is an error that names the owner.
// Reads (select, from, join) are free. The table is recognised by how it was imported: from
// its tables file, or from the `db/schema` barrel (whose names the owners' files define).
import path from 'node:path';
import { readTableOwners } from './table-owners.js';

const root = path.resolve(import.meta.dirname, '..');
const api = path.join(root, 'apps/api/src');
const schemaBarrel = path.join(api, 'db/schema');
const writes = new Set(['insert', 'update', 'delete']);
/** A raw statement that writes the table named after it (`sql\`update ${users} …\``, or by its SQL name). */
const rawWrite = /\b(?:insert\s+into|update|delete\s+from)\s+(?:"?public"?\.)?$/i;
const rawWriteByName = /\b(?:insert\s+into|update|delete\s+from)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;

let known;
/** The schema's tables, read once per run. */
function tableOwners() {
  if (!known) {
    const owners = readTableOwners(root);
    known = { owners, bySqlName: new Map([...owners.values()].map((entry) => [entry.table, entry])) };
  }
  return known;
}

/** The module a file belongs to ('platform' for the platform), or undefined outside them. */
function moduleOf(filename) {
  const relative = path.relative(api, filename).split(path.sep);
  if (relative[0] === 'modules' && relative.length > 2) return relative[1];
  if (relative[0] === 'platform') return 'platform';
  return undefined;
}

function withoutExtension(file) {
  return file.replace(/\.(?:[cm]?[jt]s)$/, '');
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: "Only the module that owns a table inserts, updates or deletes its rows; others ask the owner's service." },
    schema: [],
    messages: { foreignWrite: "'{{table}}' belongs to module '{{owner}}': ask {{owner}}'s service to change it." },
  },
  create(context) {
    const writer = moduleOf(context.physicalFilename);
    if (!writer) return {};
    const { owners, bySqlName } = tableOwners();
    /** Local names bound to tables, and namespaces (`import * as schema`) that hold them. */
    const tables = new Map();
    const namespaces = new Set();

    function tableImportedFrom(source, importedName) {
      if (!source.startsWith('.')) return undefined;
      const target = withoutExtension(path.resolve(path.dirname(context.physicalFilename), source));
      const entry = owners.get(importedName);
      return entry && (target === schemaBarrel || target === withoutExtension(entry.file)) ? entry : undefined;
    }

    /** The table an expression names: an imported table, or one read off an imported namespace. */
    function tableOf(node) {
      if (node?.type === 'Identifier') return tables.get(node.name);
      if (node?.type === 'MemberExpression' && node.object.type === 'Identifier' && namespaces.has(node.object.name) && node.property.type === 'Identifier') {
        return owners.get(node.property.name);
      }
      return undefined;
    }

    function reportIfForeign(node, entry) {
      if (entry && entry.owner !== writer) context.report({ node, messageId: 'foreignWrite', data: { table: entry.table, owner: entry.owner } });
    }

    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportNamespaceSpecifier') {
            if (source.startsWith('.') && withoutExtension(path.resolve(path.dirname(context.physicalFilename), source)) === schemaBarrel) namespaces.add(specifier.local.name);
            continue;
          }
          if (specifier.type !== 'ImportSpecifier') continue;
          const importedName = specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value);
          const entry = tableImportedFrom(source, importedName);
          if (entry) tables.set(specifier.local.name, entry);
        }
      },
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || !writes.has(callee.property.name)) return;
        reportIfForeign(node, tableOf(node.arguments[0]));
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        const { quasis, expressions } = node.quasi;
        quasis.forEach((quasi, index) => {
          const text = quasi.value.cooked ?? quasi.value.raw;
          for (const match of text.matchAll(rawWriteByName)) reportIfForeign(node, bySqlName.get(match[1].toLowerCase()));
          if (index < expressions.length && rawWrite.test(text)) reportIfForeign(node, tableOf(expressions[index]));
        });
      },
    };
  },
};
