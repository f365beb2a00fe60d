// @ts-check
/**
 * `api/no-path-literals`: web features reach the server through the typed client (`api.<domain>.<name>`,
 * apps/web/src/app/http/api.ts) built from the endpoint declarations of the contract, never through a
 * path written by hand (docs/contract.md, "Calling the server from the web"). Refused in the folders
 * listed in `folders` (widened as features move to the client):
 *   - any string or template literal given as the URL of client.ts's helpers (getAction, postAction,
 *     putAction, deleteAction, httpAction, downloadFile, uploadAction, apiUrl; the second argument of request);
 *   - any string or template literal that starts with one of the server's path prefixes (`prefixes`).
 * Declaration files (`endpoints.ts`, `*.endpoints.ts`) and tests are not checked.
 */
import path from 'node:path';

const TEST = /\.test\.[jt]sx?$/;
const DECLARATION = /(^|[./])endpoints\.[jt]s$/;
const URL_FIRST = new Set(['getAction', 'postAction', 'putAction', 'deleteAction', 'httpAction', 'downloadFile', 'uploadAction', 'apiUrl']);
const URL_SECOND = new Set(['request']);

/** The text a literal starts with: the string, or a template's first part. */
function leadingText(node) {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis[0]?.value.cooked ?? '';
  return null;
}

function calleeName(callee) {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier') return callee.property.name;
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noPathLiterals = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow API paths written as string literals in web features that use the typed client.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          folders: { type: 'array', items: { type: 'string' } },
          prefixes: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      literal:
        'API path "{{text}}" written by hand: declare the endpoint in packages/contract/src/<domain>/endpoints.ts and call it as api.<domain>.<name>(…) (its `.path` where a component takes a URL).',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const root = options.root ?? context.cwd;
    const file = context.filename;
    if (TEST.test(file) || DECLARATION.test(path.basename(file))) return {};
    const rel = path.relative(root, file).split(path.sep).join('/');
    const folders = options.folders ?? [];
    if (!folders.some((f) => rel === f || rel.startsWith(f.replace(/\/+$/, '') + '/'))) return {};
    const prefixes = options.prefixes ?? [];
    const startsLikeApi = (text) => prefixes.some((p) => text.startsWith(p) || text.startsWith(p.replace(/^\//, '')));

    const reported = new Set();
    const report = (node, text) => {
      if (reported.has(node)) return;
      reported.add(node);
      context.report({ node, messageId: 'literal', data: { text: text.length > 60 ? `${text.slice(0, 57)}…` : text } });
    };
    const checkLiteral = (node) => {
      const text = leadingText(node);
      if (text !== null && startsLikeApi(text)) report(node, text);
    };
    return {
      CallExpression(node) {
        const name = calleeName(node.callee);
        const arg = name && URL_FIRST.has(name) ? node.arguments[0] : name && URL_SECOND.has(name) ? node.arguments[1] : undefined;
        if (!arg) return;
        const text = leadingText(arg);
        if (text !== null) report(arg, text);
      },
      Literal: checkLiteral,
      TemplateLiteral: checkLiteral,
    };
  },
};

export default { meta: { name: 'api' }, rules: { 'no-path-literals': noPathLiterals } };
