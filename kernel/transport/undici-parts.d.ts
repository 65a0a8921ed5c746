// Types for the undici module okapi imports by path (see agents.ts): the same class the package
// index exports.
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}

