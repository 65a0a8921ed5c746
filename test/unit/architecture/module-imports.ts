/**
 * Every module a TypeScript file names, found by parsing it rather than by pattern: static imports
 * and `export … from` (type-only ones included), `import x = require(…)`, `import('…')` calls and
 * types, and `require('…')`. The parser is oxc's, through rolldown, which vitest's vite brings.
 */
import { parseAst } from 'rolldown/parseAst';

export interface ModuleImport {
  /** The specifier as written; undefined when it is not a string literal (so it cannot be checked). */
  specifier: string | undefined;
  line: number;
}

interface AstNode {
  type: string;
  start: number;
  [key: string]: unknown;
}

export function moduleImports(fileName: string, text: string): ModuleImport[] {
  const program = parseAst(text, { lang: 'ts', sourceType: 'module' }, fileName) as unknown as AstNode;
  const found: ModuleImport[] = [];
  const visit = (node: AstNode): void => {
    const source = moduleSource(node);
    if (source !== null) {
      const literal = source?.type === 'Literal' && typeof source.value === 'string' ? source.value : undefined;
      found.push({ specifier: literal, line: lineOf(text, node.start) });
    }
    for (const value of Object.values(node)) {
      for (const child of Array.isArray(value) ? value : [value]) {
        if (isNode(child)) visit(child);
      }
    }
  };
  visit(program);
  return found;
}

/** The node naming the module when `node` imports one (undefined if it names none checkable), else null. */
function moduleSource(node: AstNode): AstNode | undefined | null {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'ImportExpression':
    case 'TSImportType':
      return node.source as AstNode;
    case 'ExportNamedDeclaration':
      return (node.source as AstNode | null) ?? null;
    case 'TSExternalModuleReference':
      return node.expression as AstNode;
    case 'CallExpression': {
      const callee = node.callee as AstNode;
      const args = node.arguments as AstNode[];
      return callee.type === 'Identifier' && callee.name === 'require' && args.length === 1 ? args[0] : null;
    }
    default:
      return null;
  }
}

function isNode(value: unknown): value is AstNode {
  return value !== null && typeof value === 'object' && typeof (value as AstNode).type === 'string';
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
