// What this SCIM server supports (RFC 7644 §4, RFC 7643 §5–7): the documents a directory reads
// before it provisions. Pure: they depend only on the base URL.
import {
  SCIM_MAX_RESULTS,
  SCIM_SCHEMAS,
  type ScimDocument,
} from '@punchclock/shared/contracts/scim';

type Json = ScimDocument;

export function serviceProviderConfig(baseUrl: string): Json {
  return {
    schemas: [SCIM_SCHEMAS.serviceProviderConfig],
    documentationUri: `${baseUrl.replace(/\/scim\/v2$/, '')}/api/docs`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description:
          'A Punchclock service token with the scim scope (Admin → Single sign-on → Directory provisioning)',
        primary: true,
      },
    ],
    meta: {
      resourceType: 'ServiceProviderConfig',
      location: `${baseUrl}/ServiceProviderConfig`,
    },
  };
}

export function resourceTypes(baseUrl: string): Json[] {
  return [
    {
      schemas: [SCIM_SCHEMAS.resourceType],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A person who punches in Punchclock',
      schema: SCIM_SCHEMAS.user,
      schemaExtensions: [{ schema: SCIM_SCHEMAS.enterpriseUser, required: false }],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: [SCIM_SCHEMAS.resourceType],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'A directory group; an admin maps it to a team and/or a role',
      schema: SCIM_SCHEMAS.group,
      schemaExtensions: [],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

interface AttributeOptions {
  type?: 'string' | 'boolean' | 'complex' | 'reference' | 'dateTime';
  multiValued?: boolean;
  required?: boolean;
  caseExact?: boolean;
  mutability?: 'readOnly' | 'readWrite' | 'immutable';
  uniqueness?: 'none' | 'server' | 'global';
  description?: string;
  subAttributes?: Attribute[];
  referenceTypes?: string[];
}

type Attribute = Record<string, unknown>;

function attribute(name: string, options: AttributeOptions = {}): Attribute {
  return {
    name,
    type: options.type ?? 'string',
    multiValued: options.multiValued ?? false,
    description: options.description ?? name,
    required: options.required ?? false,
    caseExact: options.caseExact ?? false,
    mutability: options.mutability ?? 'readWrite',
    returned: 'default',
    uniqueness: options.uniqueness ?? 'none',
    ...(options.subAttributes ? { subAttributes: options.subAttributes } : {}),
    ...(options.referenceTypes ? { referenceTypes: options.referenceTypes } : {}),
  };
}

export function schemas(baseUrl: string): Json[] {
  const meta = (id: string) => ({ resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` });
  return [
    {
      schemas: [SCIM_SCHEMAS.schema],
      id: SCIM_SCHEMAS.user,
      name: 'User',
      description: 'User Account',
      attributes: [
        attribute('userName', {
          required: true,
          uniqueness: 'server',
          description: 'The person’s email address, which they sign in with',
        }),
        attribute('name', {
          type: 'complex',
          subAttributes: [attribute('formatted'), attribute('givenName'), attribute('familyName')],
        }),
        attribute('displayName'),
        attribute('active', { type: 'boolean', description: 'False suspends the person' }),
        attribute('externalId', { caseExact: true }),
        attribute('preferredLanguage', { description: 'en or fr-CA (others are not kept)' }),
        attribute('emails', {
          type: 'complex',
          multiValued: true,
          mutability: 'readOnly',
          description: 'The userName, as the work email',
          subAttributes: [
            attribute('value'),
            attribute('type'),
            attribute('primary', { type: 'boolean' }),
          ],
        }),
        attribute('groups', {
          type: 'complex',
          multiValued: true,
          mutability: 'readOnly',
          subAttributes: [
            attribute('value', { mutability: 'readOnly' }),
            attribute('display', { mutability: 'readOnly' }),
          ],
        }),
      ],
      meta: meta(SCIM_SCHEMAS.user),
    },
    {
      schemas: [SCIM_SCHEMAS.schema],
      id: SCIM_SCHEMAS.enterpriseUser,
      name: 'EnterpriseUser',
      description: 'Enterprise User',
      attributes: [
        attribute('employeeNumber', {
          uniqueness: 'server',
          description: 'The payroll number (payroll export, kiosk)',
        }),
        attribute('manager', {
          type: 'complex',
          subAttributes: [
            attribute('value', { caseExact: true, description: 'The SCIM id of the manager' }),
            attribute('$ref', { type: 'reference', referenceTypes: ['User'] }),
          ],
        }),
      ],
      meta: meta(SCIM_SCHEMAS.enterpriseUser),
    },
    {
      schemas: [SCIM_SCHEMAS.schema],
      id: SCIM_SCHEMAS.group,
      name: 'Group',
      description: 'Group',
      attributes: [
        attribute('displayName', { required: true, uniqueness: 'server' }),
        attribute('externalId', { caseExact: true }),
        attribute('members', {
          type: 'complex',
          multiValued: true,
          subAttributes: [
            attribute('value', { caseExact: true, mutability: 'immutable' }),
            attribute('display', { mutability: 'readOnly' }),
            attribute('$ref', {
              type: 'reference',
              referenceTypes: ['User'],
              mutability: 'immutable',
            }),
          ],
        }),
      ],
      meta: meta(SCIM_SCHEMAS.group),
    },
  ];
}
