/**
 * `application/x-www-form-urlencoded` bodies. The top level is an object of fields. Nested objects
 * use bracket names (`user[name]=x`), as Rails, PHP and qs read them; arrays repeat the name
 * (`tag=a&tag=b`), and an array of objects or arrays numbers its items (`items[0][id]=1`) so that
 * each item's fields stay together. `null` is an empty value; empty objects and arrays send nothing.
 */

import { UsageError } from '../../errors.js';
import { describeValue, scalarText } from './values.js';
import { isObjectLiteral } from '../../plain-object.js';

export function encodeForm(value: unknown, flag: string): Uint8Array {
  if (!isObjectLiteral(value)) {
    throw new UsageError(`${flag} needs an object of fields, not ${describeValue(value)}`, {
      hint: "write the fields as name: value pairs, e.g. 'q: search, page: 2'",
    });
  }
  const pairs = new URLSearchParams();
  for (const key of Object.keys(value)) addField(pairs, key, value[key]);
  return Buffer.from(pairs.toString());
}

function addField(pairs: URLSearchParams, name: string, value: unknown): void {
  if (isObjectLiteral(value)) {
    for (const key of Object.keys(value)) addField(pairs, `${name}[${key}]`, value[key]);
  } else if (Array.isArray(value)) {
    value.forEach((item: unknown, index) => {
      if (isObjectLiteral(item) || Array.isArray(item)) {
        addField(pairs, `${name}[${index}]`, item);
      } else {
        pairs.append(name, scalarText(item));
      }
    });
  } else {
    pairs.append(name, scalarText(value));
  }
}
