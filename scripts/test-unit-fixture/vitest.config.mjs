import { defineConfig } from 'vitest/config';

// Fixture of scripts/test-unit.test.ts: a project whose files may kill their own worker or fail.
export default defineConfig({ test: { name: 'fixture', include: ['*.fixture.ts'], root: import.meta.dirname } });
