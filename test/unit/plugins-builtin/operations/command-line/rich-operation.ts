/** A rich operation's details, as `api connect` writes them: what the help and parser tests read. */
import type { DetailParameter, OperationDetail } from '../../../../../sdk/shared/operation-detail-format.js';

export function param(name: string, where: DetailParameter['in'], extra: Partial<DetailParameter> = {}): DetailParameter {
  return { name, in: where, ...extra };
}

export function operation(parameters: DetailParameter[], extra: Partial<OperationDetail> = {}): OperationDetail {
  return { name: 'do-it', method: 'get', path: '/things', parameters, responses: [], definitions: {}, ...extra };
}

export const UPDATE_PET: OperationDetail = {
  name: 'update-pet',
  aliases: ['up'],
  method: 'put',
  path: '/stores/{storeId}/pets/{petId}',
  operation_id: 'updatePet',
  summary: 'Update a pet',
  description:
    'Replaces the pet with the one given. The store must exist and the pet must belong to it; a pet moved between stores keeps its id.\n\n- Fields left out are cleared.\n- Tags are replaced, not merged.',
  parameters: [
    param('petId', 'path', { required: true, type: 'integer', description: 'The pet to update', example: 42 }),
    param('storeId', 'path', { required: true, type: 'string', description: 'The store' }),
    param('mode', 'query', { required: true, type: 'string', enum: ['replace', 'merge'], description: 'How to apply the change' }),
    param('$select', 'query', { type: 'string', description: 'Fields to return' }),
    param('tag', 'query', { type: 'array', array: true, schema: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } }, description: 'Tags to match' }),
    param('page[size]', 'query', { type: 'integer', default: 20 }),
    param('dryRun', 'query', { type: 'boolean', deprecated: true, description: 'Check only' }),
    param('filter', 'query', { type: 'object', object: true, style: 'deepObject', explode: true, description: 'Filter fields' }),
    param('X-Trace', 'header', { type: 'string', description: 'A trace id', long_description: 'A trace id.\n\nSent back in the response.' }),
    param('secret', 'query', { type: 'string', hidden: true }),
    param('Accept', 'header', { type: 'string' }),
  ],
  body: {
    required: true,
    description: 'The new pet.',
    contents: [
      { media_type: 'application/xml', schema: { $ref: '#/components/schemas/Pet' } },
      { media_type: 'application/json', schema: { $ref: '#/components/schemas/Pet' }, example: { name: 'Rex', age: 3, owner: { id: 1 } } },
    ],
  },
  responses: [
    { status: '200', media_types: ['application/json'], headers: ['X-Rate-Limit', 'ETag'], description: 'The pet as stored\nmore' },
    { status: '404', description: 'No such pet' },
    { status: 'default', media_types: ['application/problem+json'] },
  ],
  definitions: {
    '#/components/schemas/Pet': {
      type: 'object',
      required: ['name', 'status'],
      properties: {
        id: { type: 'integer', format: 'int64', readOnly: true },
        name: { type: 'string', description: "The pet's name" },
        age: { type: 'integer', minimum: 0 },
        status: { type: 'string', enum: ['available', 'pending', 'sold'] },
        tags: { type: 'array', items: { type: 'string' } },
        owner: { $ref: '#/components/schemas/Owner' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        kind: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { type: 'object', title: 'Dog', properties: { barks: { type: 'boolean' } } }] },
      },
    },
    '#/components/schemas/Owner': {
      allOf: [
        { $ref: '#/components/schemas/Named' },
        { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } },
      ],
    },
    '#/components/schemas/Named': { type: 'object', properties: { display: { type: 'string', nullable: true } } },
    '#/components/schemas/Cat': { type: 'object', properties: { meows: { type: 'boolean', default: true } } },
  },
};
