import CRMKit
print("crm")
