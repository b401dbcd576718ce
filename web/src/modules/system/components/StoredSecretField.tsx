import { Descriptions, Form, Input, Tag, Typography } from 'antd';

/**
 * A secret the settings keep (a password, a provider's token): never shown, only masked, with a field
 * to replace it. Left empty, the stored one stays.
 */
export function StoredSecretField({
  name,
  masked,
  currentLabel,
  noneText,
  replaceLabel,
  maxLength,
  testId,
}: {
  /** The form field of the replacement. */
  name: string;
  /** The stored secret as the server masks it; null when none is stored. */
  masked: string | null;
  currentLabel: string;
  noneText: string;
  replaceLabel: string;
  maxLength: number;
  testId: string;
}) {
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: name,
            label: currentLabel,
            children:
              masked !== null ? (
                <Typography.Text code data-testid={testId}>
                  {masked}
                </Typography.Text>
              ) : (
                <Tag data-testid={testId}>{noneText}</Tag>
              ),
          },
        ]}
      />
      <Form.Item name={name} label={replaceLabel}>
        <Input.Password maxLength={maxLength} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
