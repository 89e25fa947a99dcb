daybookOnThisDayDay("1231",[[2023,"Untitled entry","2023/12/31/entry/index.html"]]);
