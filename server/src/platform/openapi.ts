import { type Endpoint, endpoints } from '@helixis/contract';
import { z } from 'zod';

/** An OpenAPI 3.1 document generated from the contract's endpoint map (served at /api/v1/openapi.json). */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    const inputSchema = z.toJSONSchema(endpoint.input, { io: 'input', unrepresentable: 'any' });
    const outputSchema = z.toJSONSchema(endpoint.output, { io: 'output', unrepresentable: 'any' });
    const usesQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
    const properties = (inputSchema as { properties?: Record<string, unknown> }).properties ?? {};
    const pathNames = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
    const pathParameters = pathNames.map((name) => ({ name, in: 'path', required: true, schema: properties[name] }));
    const queryParameters = Object.entries(properties)
      .filter(([name]) => !pathNames.includes(name))
      .map(([name, schema]) => ({ name, in: 'query', schema }));
    const operation: Record<string, unknown> = {
      operationId,
      summary: endpoint.summary,
      security: endpoint.access === 'public' ? [] : [{ bearerAuth: [] }],
      ...(endpoint.role ? { 'x-required-role': endpoint.role } : {}),
      ...(usesQuery
        ? { parameters: [...pathParameters, ...queryParameters] }
        : {
            ...(pathParameters.length ? { parameters: pathParameters } : {}),
            requestBody: { required: true, content: { 'application/json': { schema: inputSchema } } },
          }),
      responses: {
        '200': { description: 'OK', content: { 'application/json': { schema: outputSchema } } },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
    const openApiPath = endpoint.path.replace(/:(\w+)/g, '{$1}');
    paths[openApiPath] ??= {};
    const item = paths[openApiPath] as Record<string, unknown>;
    item[endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Helixis API', version: '1' },
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'string' }, message: { type: 'string' } },
            },
          },
        },
      },
    },
  };
}
