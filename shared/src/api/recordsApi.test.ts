import { certificationApi, educationApi, workExperienceApi } from './recordsApi';
import { request } from './http';

jest.mock('./http', () => ({ request: jest.fn().mockResolvedValue({ id: 1 }) }));
const mockedRequest = jest.mocked(request);

beforeEach(() => mockedRequest.mockClear());

// The paths and methods must match the API's exactly, capitals included; the server routes use the same spelling.
describe('record clients', () => {
  it.each([
    ['work experience', workExperienceApi, 'WorkExperience/GetAllWorkExperiencesByUserId', 'WorkExperience/AddNewWorkExperience', 'WorkExperience/UpdateWorkExperience', 'WorkExperience/DeleteWorkExperienceById'],
    ['education', educationApi, 'Education/GetAllEducationByUserId', 'Education/AddEducation', 'Education/UpdateEducation', 'Education/DeleteEducationById'],
    ['certification', certificationApi, 'Certification/GetAllCertificationByUserId', 'Certification/AddCertification', 'Certification/UpdateCertification', 'Certification/DeleteCertificationById'],
  ] as const)('%s: list, add, update and delete call the record endpoints', async (_name, client, list, add, update, remove) => {
    const body = { startTime: '2020-01', endTime: null } as never;
    await client.list(7);
    await client.add(7, body);
    await client.update(3, { ...(body as object), id: 3 } as never);
    await client.remove(3);
    expect(mockedRequest.mock.calls.map(([method, path, options]) => [method, path, options.json])).toEqual([
      ['get', `/api/${list}/7`, undefined],
      ['post', `/api/${add}/7`, body],
      ['put', `/api/${update}/3`, { startTime: '2020-01', endTime: null, id: 3 }],
      ['delete', `/api/${remove}/3`, undefined],
    ]);
    expect(mockedRequest.mock.calls[1]?.[2].fallbackError).toBe('Failed to save. Please check your input and try again.');
    expect(mockedRequest.mock.calls[3]?.[2].fallbackError).toBe('Failed to delete. Please try again.');
  });
});
