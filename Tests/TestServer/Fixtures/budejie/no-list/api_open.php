{"info":{"count":0,"np":null},"list":[]}
