import CRMFormat
import CRMVault

extension PersonDocument {
    /// `position:`, a key imports write (the job title).
    package var position: String? { frontMatter?["position"]?.string }
    /// `linkedin:`, the person's LinkedIn profile URL (see `FieldSchema.linkedIn`).
    package var linkedIn: String? { frontMatter?[FieldSchema.linkedIn.key]?.string }
}
