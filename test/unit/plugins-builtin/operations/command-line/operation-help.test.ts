import { describe, expect, it } from 'vitest';
import { operationArguments } from '../../../../../sdk/shared/operation-arguments/operation-arguments.js';
import { renderOperationHelp, type OperationHelpInput } from '../../../../../plugins-builtin/operations/command-line/operation-help.js';
import { OUTLINE_LIMITS } from '../../../../../plugins-builtin/operations/command-line/schema-outline.js';
import type { OperationDetail, Schema } from '../../../../../sdk/shared/operation-detail-format.js';
import { operation, param, UPDATE_PET } from './rich-operation.js';
import { ExactNumber } from '../../../../../sdk/shared/exact-number.js';

function help(detail: OperationDetail, extra: Partial<OperationHelpInput> = {}): string {
  return renderOperationHelp({ api: 'petstore', detail, args: operationArguments(detail, { api: 'petstore' }), ...extra });
}

/** The serializer's check, as the caller passes it in. */
const unsupported = (p: { style?: string; object?: true }) => (p.style === 'deepObject' && p.object ? 'okapi cannot send deepObject here yet' : undefined);

describe('renderOperationHelp', () => {
  it('describes a rich operation whole', () => {
    expect(help(UPDATE_PET, { unsupported })).toMatchInlineSnapshot(`
      "Usage: okapi petstore update-pet <store-id> <pet-id> <mode> [flags] [body...]

      PUT /stores/{storeId}/pets/{petId}
      Update a pet

      Replaces the pet with the one given. The store must exist and the pet must
      belong to it; a pet moved between stores keeps its id.

      - Fields left out are cleared.
      - Tags are replaced, not merged.

      Aliases: up

      Arguments:
        <store-id>  string; path parameter "storeId"
            The store
        <pet-id>  integer; path parameter "petId"
            The pet to update
        <mode>  string; query parameter "mode"; one of: replace, merge
            How to apply the change

      Flags:
        --select <string>  query parameter "$select"
            Fields to return
        --tag <string>...  query parameter "tag"; repeatable: one value each time; one
            of: a, b
            Tags to match
        --page-size <integer>  query parameter "page[size]"; default 20
        --dry-run[=false]  query parameter "dryRun"; DEPRECATED
            Check only
        --filter <object>  query parameter "filter"; style deepObject, explode true;
            NOT SUPPORTED: okapi cannot send deepObject here yet
            Filter fields
        --x-trace <string>  header parameter "X-Trace"
            A trace id.

            Sent back in the response.

      Request body (required):
        Sent as application/json; -c picks another: application/xml.
        Give it as shorthand after the arguments ('name: Rex, tags[]: a'), on stdin,
        or both.
        The new pet.

        Fields (application/json):
          name            string, required  The pet's name
          age             integer
          status          one of: available | pending | sold, required
          tags[]          string
          owner           object (Owner)
          owner.display   string or null
          owner.id        integer, required
          owner.pets[]    Pet (recursive: the same shape as the body)
          labels          object
          labels.<key>    string
          kind            one of:
            - Cat
              kind.meows  boolean, default true
            - Dog
              kind.barks  boolean

      Responses:
        200      The pet as stored (application/json)
                 headers: X-Rate-Limit, ETag
        404      No such pet
        default  application/problem+json

      Example:
        okapi petstore update-pet <store-id> 42 replace 'name: Rex, age: 3'

      Command flags:
        -h, --help             show this help
        --okapi-generate-body  print an example request body and send nothing
        --okapi-validate       check the JSON body against its schema before sending

      Global flags (-o, -f, -H, -q, -c, -v, …) apply too: 'okapi --help' lists them.
      "
    `);
  });

  it('describes an operation with nothing to give in a few lines', () => {
    expect(help(operation([], { name: 'ping', path: '/ping', responses: [{ status: '204' }] }))).toMatchInlineSnapshot(`
      "Usage: okapi petstore ping

      GET /ping

      Responses:
        204      no body

      Example:
        okapi petstore ping

      Command flags:
        -h, --help  show this help

      Global flags (-o, -f, -H, -q, -c, -v, …) apply too: 'okapi --help' lists them.
      "
    `);
  });

  it('marks a deprecated operation at the top', () => {
    expect(help(operation([], { deprecated: true })).split('\n')[0]).toBe('DEPRECATED: the API marks this operation deprecated; it may be removed.');
  });

  it('leaves hidden flags out, and keeps a hidden required argument: the command needs it', () => {
    const text = help(operation([param('debug', 'query', { hidden: true }), param('tenant', 'header', { required: true, hidden: true })]));
    expect(text).not.toContain('--debug');
    expect(text).toContain('Usage: okapi petstore do-it <tenant>\n');
    expect(text).toContain('  <tenant>  string; header parameter "tenant"; hidden');
  });

  it('shows numbers a double cannot hold as the description wrote them: defaults, enums, examples, bigints too', () => {
    const big = new ExactNumber('9223372036854775807');
    const detail = operation(
      [param('id', 'path', { required: true, type: 'integer', example: big }), param('tier', 'query', { type: 'integer', enum: [12345678901234567890n, 1], default: big })],
      {
        method: 'post',
        path: '/things/{id}',
        body: { contents: [{ media_type: 'application/json', example: { count: new ExactNumber('18446744073709551615'), name: 'Rex' } }] },
      },
    );
    const text = help(detail, { width: 200 });
    expect(text).toContain('--tier <integer>  query parameter "tier"; one of: 12345678901234567890, 1; default 9223372036854775807');
    expect(text).toContain("Example:\n  okapi petstore do-it 9223372036854775807 'count: 18446744073709551615, name: Rex'\n");
  });

  it('names the tag words of a tags layout in usage and example', () => {
    const detail = operation([param('id', 'path', { required: true })], { path: '/pets/{id}' });
    const text = renderOperationHelp({ api: 'petstore', detail, args: operationArguments(detail, { api: 'petstore', command: 'pets do-it' }) });
    expect(text).toContain('Usage: okapi petstore pets do-it <id>\n');
    expect(text).toContain('Example:\n  okapi petstore pets do-it <id>\n');
  });

  it('tells how to give a raw body and which other media types -c picks', () => {
    const text = help(
      operation([], {
        method: 'post',
        body: { contents: [{ media_type: 'application/octet-stream' }, { media_type: 'text/plain' }] },
      }),
    );
    expect(text).toContain('Request body:\n  Sent as application/octet-stream; -c picks another: text/plain.\n');
    expect(text).toContain('Give it as text after the arguments, as @file to send a file, or on stdin');
    expect(text).not.toContain('--okapi-validate');
  });

  it("names a multipart body's part media types and what okapi could not use", () => {
    const text = help(
      operation([], {
        method: 'post',
        body: { contents: [{ media_type: 'multipart/form-data', encoding: { avatar: { content_type: 'image/png' }, meta: { style: 'form' } } }] },
        problems: ['#/components/schemas/Gone: the $ref leads nowhere; the body is shown without it'],
      }),
    );
    expect(text).toContain("Give its fields as shorthand after the arguments ('name: Rex'); a field's\n  @file value sends that file.\n");
    expect(text).toContain('  Parts sent as: avatar image/png\n');
    expect(text).toContain('Not usable in the description:\n  - #/components/schemas/Gone: the $ref leads nowhere; the body is shown without\n    it\n');
  });

  it('wraps to the width asked, leaving only words longer than a line longer', () => {
    const long = 'word '.repeat(60) + 'https://example.com/a/very/long/address/that/cannot/be/broken/without/harm';
    const text = help(operation([param('q', 'query', { description: long })], { description: long }), { width: 50 });
    const over = text.split('\n').filter((l) => l.length > 50);
    expect(over.length).toBeGreaterThan(0);
    for (const line of over) expect(line.trim()).toMatch(/^(https:\/\/\S+|Usage: .*|Global flags.*)$/);
    expect(text).toContain('https://example.com/a/very/long/address/that/cannot/be/broken/without/harm');
  });

  it("shows a description's control characters instead of sending them to the terminal", () => {
    const text = help(operation([param('q', 'query', { description: 'evil \u001b]0;title\u0007 here' })], { summary: 'clear \u001b[2J' }));
    expect(text).not.toMatch(/\u001b|\u0007/);
    expect(text).toContain('clear \\x1b[2J');
    expect(text).toContain('evil \\x1b]0;title\\x07 here');
  });

  it('stays bounded for a recursive, deep and wide body schema, and points to --okapi-generate-body', () => {
    const definitions: Record<string, Schema> = {
      '#/components/schemas/Tree': {
        type: 'object',
        properties: {
          ...Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`f${i}`, { type: 'string' }])),
          children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
        },
      },
    };
    let deep: Schema = { $ref: '#/components/schemas/Tree' };
    for (let i = 0; i < 200; i++) deep = { type: 'object', properties: { next: deep } };
    for (const schema of [{ $ref: '#/components/schemas/Tree' }, deep]) {
      const text = help(operation([], { method: 'post', body: { contents: [{ media_type: 'application/json', schema }] }, definitions }));
      const fields = text.slice(text.indexOf('  Fields:'), text.indexOf('\nResponses:') === -1 ? text.indexOf('\nExample:') : text.indexOf('\nResponses:'));
      expect(fields.split('\n').length).toBeLessThanOrEqual(OUTLINE_LIMITS.maxLines + 4);
      expect(text.length).toBeLessThan(10_000);
    }
    const wide = help(operation([], { method: 'post', body: { contents: [{ media_type: 'application/json', schema: { $ref: '#/components/schemas/Tree' } }] }, definitions }));
    expect(wide.replace(/\s+/g, ' ')).toContain("… more not shown: 'okapi petstore do-it --okapi-generate-body' prints a whole example body.");
  });
});
