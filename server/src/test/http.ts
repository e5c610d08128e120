import type { ApiErrorBody, EndpointInput, EndpointName, EndpointOutput, Endpoints } from '@helixis/contract';
import { api, type TestApp } from './app';
import { createUserWithSession, type TestUser } from './factories';

/** A signed-in test user with the workspace the server set up for them. */
export type SignedInUser = TestUser & { workspaceId: string };

/** The contract endpoint served at `POST /functions/v1/<F>`. */
type FunctionEndpoint<F extends string> = {
  [N in EndpointName]: Endpoints[N]['path'] extends `/functions/v1/${F}`
    ? Endpoints[N]['method'] extends 'POST'
      ? N
      : never
    : never;
}[EndpointName];

/** The name of every spec function the contract declares (`POST /functions/v1/<name>`). */
export type FunctionName = {
  [N in EndpointName]: Endpoints[N]['path'] extends `/functions/v1/${infer F}`
    ? Endpoints[N]['method'] extends 'POST'
      ? F
      : never
    : never;
}[EndpointName];

export type FunctionInput<F extends FunctionName> = EndpointInput<FunctionEndpoint<F>>;

/** The input argument: optional when the function accepts an empty object. */
type InputArg<F extends FunctionName> =
  Record<string, never> extends FunctionInput<F> ? [body?: FunctionInput<F>] : [body: FunctionInput<F>];

/**
 * What a function answers: its contract output on success, `{ error }` otherwise. Both are in one type so a test
 * can read either after checking the status; `error` is optional because a success has none.
 */
export type FunctionReply<F extends FunctionName> = {
  status: number;
  body: EndpointOutput<FunctionEndpoint<F>> & Partial<ApiErrorBody>;
  headers: Headers;
};

/** A user with a live session whose workspace exists (GET /api/v1/me creates it on first use). */
export async function signedIn(t: Pick<TestApp, 'url' | 'database' | 'config'>, email?: string): Promise<SignedInUser> {
  const user = await createUserWithSession(t, email);
  const me = await api<EndpointOutput<'getMe'>>(t, 'GET', '/api/v1/me', { token: user.token });
  const workspaceId = me.body.workspace?.id;
  if (me.status !== 200 || !workspaceId) throw new Error(`GET /api/v1/me answered ${me.status}`);
  return { ...user, workspaceId };
}

/** POST /functions/v1/<name> as the user, with the input and output types of the contract. */
export function callFunction<F extends FunctionName>(
  t: Pick<TestApp, 'url'>,
  user: Pick<TestUser, 'token'>,
  name: F,
  ...[body]: InputArg<F>
): Promise<FunctionReply<F>> {
  return api<FunctionReply<F>['body']>(t, 'POST', `/functions/v1/${name}`, { token: user.token, body: body ?? {} });
}

/**
 * The helpers bound to a test file's app, which is started in beforeAll (hence the getter):
 * `const { signedIn, post } = testHttp(() => t);` then `post(user, 'integrations-status', {})`.
 * `post` checks the function name against the contract but sends any body, since tests also send invalid
 * input on purpose; its reply is untyped (`any`) because those tests read success and error fields without
 * narrowing. Use `callFunction` for input and reply typed from the contract.
 */
export function testHttp(app: () => TestApp) {
  return {
    signedIn: (email?: string) => signedIn(app(), email),
    post: <T = any>(user: Pick<TestUser, 'token'>, name: FunctionName, body: unknown = {}) =>
      api<T>(app(), 'POST', `/functions/v1/${name}`, { token: user.token, body }),
  };
}
