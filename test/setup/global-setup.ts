import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { FIXTURES_DIR, FIXTURES_HINT, HAVE_FIXTURES } from '../fixtures.js';
import { createPgliteTemplate, createTemplateDatabase, type TestDbInfo } from './template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbInfo;
  }
}

/**
 * Decide which Postgres the suite uses, once: TEST_DATABASE_URL first, then testcontainers when a
 * Docker engine answers, else embedded PGlite. On Postgres, migrate once into a template database
 * that each test file clones (`CREATE DATABASE … TEMPLATE`).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Our own CI must never skip the recorded-body tests silently.
  if (!HAVE_FIXTURES && process.env.CI === 'true') {
    const reason = `CI=true but the recorded Stats API bodies are not at ${FIXTURES_DIR}; ${FIXTURES_HINT}`;
    process.stderr.write(`[dugout tests] ${reason}\n`);
    throw new Error(reason);
  }
  // Tests on Postgres open a PGlite too (the back ends compared): both templates are made at once.
  const pgliteTemplate = createPgliteTemplate(project.name);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const [tpl, lite] = await Promise.all([createTemplateDatabase(url, project.name), pgliteTemplate]);
    process.stdout.write(`[dugout tests] database: Postgres from TEST_DATABASE_URL (template ${tpl.info.template})\n`);
    project.provide('testDb', { ...tpl.info, pglite: lite.template });
    return async () => {
      await tpl.teardown();
      await lite.teardown();
    };
  }
  const container = await startContainerIfDocker();
  if (container) {
    const [tpl, lite] = await Promise.all([createTemplateDatabase(container.url, project.name), pgliteTemplate]);
    process.stdout.write(`[dugout tests] database: Postgres in a testcontainers container (${container.url})\n`);
    project.provide('testDb', { ...tpl.info, pglite: lite.template });
    return async () => {
      await tpl.teardown();
      await lite.teardown();
      await container.stop();
    };
  }
  const lite = await pgliteTemplate;
  process.stdout.write('[dugout tests] database: embedded PGlite (set TEST_DATABASE_URL to use Postgres)\n');
  project.provide('testDb', { kind: 'pglite', pglite: lite.template });
  return lite.teardown;
}

async function startContainerIfDocker(): Promise<{ url: string; stop(): Promise<void> } | undefined> {
  const hasSocket = process.env.DOCKER_HOST || existsSync('/var/run/docker.sock');
  if (!hasSocket) return undefined;
  try {
    const { GenericContainer, Wait } = await import('testcontainers');
    const started = await new GenericContainer('postgres:15-alpine')
      .withEnvironment({ POSTGRES_PASSWORD: 'postgres', POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    const url = `postgres://postgres:postgres@${started.getHost()}:${started.getMappedPort(5432)}/postgres`;
    return { url, stop: async () => void (await started.stop()) };
  } catch (err) {
    process.stdout.write(`[dugout tests] no usable Docker engine (${(err as Error).message.split('\n')[0]})\n`);
    return undefined;
  }
}
