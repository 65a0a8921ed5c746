import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../../sdk/shared/errors.js';
import type { BodyContent } from '../../../../../sdk/shared/operation-detail-format.js';
import { chooseMediaType, wildcardCovers } from '../../../../../plugins-builtin/operations/body/media-type-choice.js';

function offered(...types: string[]): BodyContent[] {
  return types.map((media_type) => ({ media_type }));
}

/** The media type chosen, or `wildcard <pattern>` when the body's own kind is to decide. */
function chosen(contents: BodyContent[], flag?: string): string {
  const choice = chooseMediaType(contents, flag);
  return choice.kind === 'concrete' ? choice.contentType : `wildcard ${choice.content.media_type}`;
}

function failure(contents: BodyContent[], flag: string): UsageError {
  try {
    chooseMediaType(contents, flag);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(2);
    return error as UsageError;
  }
  throw new Error(`-c ${flag} was accepted`);
}

describe('the media type without -c', () => {
  it.each([
    [['application/xml', 'application/json'], 'application/json'],
    [['application/merge-patch+json', 'application/json'], 'application/json'],
    [['text/plain', 'application/merge-patch+json'], 'application/merge-patch+json'],
    [['application/x-www-form-urlencoded', 'multipart/form-data'], 'application/x-www-form-urlencoded'],
    [['application/octet-stream'], 'application/octet-stream'],
    [['application/json; charset=utf-8'], 'application/json; charset=utf-8'],
  ])('%j → %s', (types, expected) => {
    expect(chosen(offered(...types))).toBe(expected);
  });

  it('leaves a wildcard to the body, and takes any type when none is listed', () => {
    expect(chosen(offered('*/*'))).toBe('wildcard */*');
    expect(chosen([])).toBe('wildcard */*');
  });
});

describe('-c naming an offered media type', () => {
  const types = offered('application/json', 'application/xml', 'text/csv', 'application/x-www-form-urlencoded', 'multipart/form-data');

  it('takes it in full, in any case, keeping parameters the user wrote', () => {
    expect(chosen(types, 'application/xml')).toBe('application/xml');
    expect(chosen(types, 'Application/XML')).toBe('application/xml');
    expect(chosen(types, 'text/csv; charset=utf-8')).toBe('text/csv; charset=utf-8');
  });

  it('takes short names that match exactly one', () => {
    expect(chosen(types, 'json')).toBe('application/json');
    expect(chosen(types, 'xml')).toBe('application/xml');
    expect(chosen(types, 'csv')).toBe('text/csv');
    expect(chosen(types, 'text')).toBe('text/csv');
    expect(chosen(types, 'form')).toBe('application/x-www-form-urlencoded');
    expect(chosen(types, 'multipart')).toBe('multipart/form-data');
    expect(chosen(offered('application/json', 'application/x-ndjson'), 'ndjson')).toBe('application/x-ndjson');
    expect(chosen(offered('application/json', 'application/atom+xml'), 'XML')).toBe('application/atom+xml');
    expect(chosen(offered('application/merge-patch+json', 'application/xml'), 'json')).toBe('application/merge-patch+json');
  });

  it('refuses a short name that matches several, listing them', () => {
    const error = failure(offered('application/json', 'application/merge-patch+json'), 'json');
    expect(error.message).toBe('-c json matches more than one of the operation\'s media types: application/json, application/merge-patch+json');
    expect(error.hint).toBe('name the one to send in full, e.g. -c application/json');
  });

  it('refuses a type the operation does not offer, listing the offered ones', () => {
    const error = failure(offered('application/json', 'application/xml'), 'yaml');
    expect(error.message).toBe('-c yaml is not a request body media type of this operation, which takes application/json, application/xml');
    expect(error.hint).toBe('use -c with one of them, or leave -c out to send application/json');
    expect(failure(offered('application/json'), 'text/csv').message).toContain('-c text/csv is not a request body media type');
  });

  it('quotes an empty -c or one with blanks', () => {
    expect(failure(offered('application/json'), '').message).toBe('-c "" is not a request body media type of this operation, which takes application/json');
    expect(failure(offered('application/json'), 'x ml').message).toContain('-c "x ml" is not');
  });

  it('refuses a -c that is not a media type', () => {
    expect(failure(offered('application/json'), 'text/').message).toBe('-c "text/" is not a media type');
  });
});

describe('-c inside an offered wildcard', () => {
  it('takes the full media type the user names', () => {
    expect(chosen(offered('*/*'), 'application/vnd.acme+xml')).toBe('application/vnd.acme+xml');
    expect(chosen(offered('application/json', 'image/*'), 'image/png')).toBe('image/png');
  });

  it('turns well-known short names into their media type', () => {
    expect(chosen(offered('*/*'), 'xml')).toBe('application/xml');
    expect(chosen(offered('*/*'), 'form')).toBe('application/x-www-form-urlencoded');
    expect(chosen(offered('image/*', 'text/*'), 'text')).toBe('text/plain');
  });

  it('prefers an offered type to a wildcard', () => {
    expect(chosen(offered('*/*', 'application/merge-patch+json'), 'json')).toBe('application/merge-patch+json');
  });

  it('refuses what the wildcard does not cover, and short names it cannot spell out', () => {
    expect(failure(offered('image/*'), 'text/plain').message).toBe('-c text/plain is not a request body media type of this operation, which takes image/*');
    const error = failure(offered('image/*'), 'png');
    expect(error.message).toBe('-c png names no media type this operation offers, and okapi cannot tell which one it means inside image/*');
    expect(error.hint).toBe('name the media type in full, e.g. -c image/<subtype>');
  });

  it.each([
    ['*/*', 'text/csv', true],
    ['image/*', 'image/png', true],
    ['image/*', 'text/plain', false],
    ['Image/*; q=1', 'image/gif', true],
  ])('%s covers %s: %s', (pattern, essence, expected) => {
    expect(wildcardCovers(pattern, essence)).toBe(expected);
  });
});
