/** Runs in every test file: the directories it took from tempDir() go when the file's tests end. */
import { afterAll } from 'vitest';
import { removeTempDirs } from '../helpers/temp-dir.js';

afterAll(removeTempDirs);
