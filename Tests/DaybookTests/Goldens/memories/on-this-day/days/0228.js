daybookOnThisDayDay("0228",[[2024,"The day before","2024/02/28/the-day-before/index.html"]]);
