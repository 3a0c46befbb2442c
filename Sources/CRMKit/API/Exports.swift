// One import for an app: `import CRMKit` brings the file-format and vault layers with it.
@_exported import CRMFormat
@_exported import CRMVault
