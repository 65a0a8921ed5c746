import { it } from 'vitest';
import { operationArguments } from '../../../../../plugins-builtin/operations/command-line/operation-arguments.js';
import { renderOperationHelp } from '../../../../../plugins-builtin/operations/command-line/operation-help.js';
import { UPDATE_PET } from './rich-operation.js';
it('prints', () => {
  const args = operationArguments(UPDATE_PET, { api: 'petstore' });
  console.log(renderOperationHelp({ api: 'petstore', detail: UPDATE_PET, args, unsupported: (p) => (p.style === 'deepObject' ? 'deepObject on an object is not supported' : undefined) }));
});
